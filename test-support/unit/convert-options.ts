// Shared by the format conversion tests (relay/vendors/{anthropic,gemini}/*.test.ts): a chat, non-stream
// conversion to one upstream model, patched per test, with option rows as the settings table would hold them.
import { optionsOf } from "@/lib/server/options/store";
import type { ConvertOptions } from "@/relay/kernel/format";

export const convertOptionsFor =
  (upstreamModel: string) =>
  (patch: Partial<ConvertOptions> = {}, options: Record<string, string> = {}): ConvertOptions => ({
    mode: "chat",
    upstreamModel,
    stream: false,
    options: optionsOf(Object.entries(options)),
    ...patch,
  });
