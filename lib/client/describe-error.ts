// Turns a failed call into the text the console shows (spec 1 §8).
import { ApiError } from "@/lib/client/api";

type Translate = (
  key:
    | "unauthorized"
    | "too_many_requests"
    | "forbidden"
    | "browser_check"
    | "server_error"
    | "demo_only"
    | "generic"
    | "network",
  values?: Record<string, string>,
) => string;

export function describeError(err: unknown, t: Translate): string {
  if (!(err instanceof ApiError)) return t("generic", { message: err instanceof Error ? err.message : String(err) });
  switch (err.kind) {
    case "unauthorized":
      return t("unauthorized");
    case "rate_limited":
      return t("too_many_requests");
    case "forbidden":
      if (err.challenge) return t("browser_check");
      return err.message ? t("generic", { message: err.message }) : t("forbidden");
    case "server":
      return t("server_error");
    case "demo":
      return t("demo_only");
    case "network":
      return t("network");
    default:
      return err.message || t("generic", { message: String(err.status) });
  }
}
