// Turns a failed call into the text the console shows.
import { ApiError } from "@/lib/client/api";

export type ErrorKey =
  | "unauthorized"
  | "too_many_requests"
  | "forbidden"
  | "browser_check"
  | "server_error"
  | "demo_only"
  | "generic"
  | "network"
  | "update_failed";

type Translate = (key: ErrorKey, values?: Record<string, string>) => string;

export function describeError(err: unknown, t: Translate): string {
  if (!(err instanceof ApiError)) return t("generic", { message: err instanceof Error ? err.message : String(err) });
  switch (err.kind) {
    case "unauthorized":
      return t("unauthorized");
    case "rate_limited":
      return t("too_many_requests");
    case "forbidden":
      // A 403 always reads "permission denied", whatever the server said, unless the
      // server asked for a browser check.
      return err.challenge ? t("browser_check") : t("forbidden");
    case "server":
      return t("server_error");
    case "demo":
      return t("demo_only");
    case "network":
      return t("network");
    default:
      // "Other: 错误： plus the message" (new-api's showError prefixes every other failure).
      return t("generic", { message: err.message || String(err.status) });
  }
}

/** Mutation/query meta the global error toast reads: silent, or a title shown above the cause. */
export type ErrorMeta = { silent?: boolean; errorTitle?: "update_failed" };

/** What the global handler toasts for a failed query or mutation, or null when it stays quiet. */
export function globalErrorToast(
  err: unknown,
  meta: Record<string, unknown> | undefined,
  t: Translate,
): { title: string; description?: string } | null {
  if (meta?.silent) return null;
  if (err instanceof Error && err.name === "AbortError") return null;
  const text = describeError(err, t);
  if (meta?.errorTitle === "update_failed") return { title: t("update_failed"), description: text };
  return { title: text };
}

/** Meta of the update mutations: their failure reads 更新失败 with the cause below. */
export const UPDATE_FAILED: ErrorMeta = { errorTitle: "update_failed" };
