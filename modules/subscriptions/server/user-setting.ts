import "server-only";

// The user's setting JSON (users.setting), read defensively: a stored value that is not a JSON
// object reads as {} (it never makes a subscription call fail).
import { parseJsonMap } from "@/lib/own-keys";

export function readSetting(text: string | null | undefined): Record<string, unknown> {
  try {
    const parsed = parseJsonMap<unknown>(text ?? "{}");
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
