// Turning zod issues into translated, per-field form errors. Shared schemas (lib/schemas) carry
// bare keys of the "server" namespace; form-only schemas carry full message paths ("auth.…").
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import type { z } from "zod";
import { ApiError } from "@/lib/client/api";

/** The first issue of each top-level field (the one the user should fix first). */
function firstIssues(error: z.ZodError): Map<string, z.core.$ZodIssue> {
  const out = new Map<string, z.core.$ZodIssue>();
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "");
    if (!out.has(field)) out.set(field, issue);
  }
  return out;
}

/** The first issue message of each top-level field. */
export function firstIssueByField(error: z.ZodError): Record<string, string> {
  return Object.fromEntries([...firstIssues(error)].map(([field, issue]) => [field, issue.message]));
}

type Values = Record<string, string | number>;

/** Translates an issue message from either kind of schema. */
export function useIssueText(): (message: string, values?: Values) => string {
  const t = useTranslations();
  return useCallback(
    (message: string, values?: Values) => {
      const path = message.includes(".") ? message : `server.${message}`;
      return t(path as Parameters<typeof t>[0], values);
    },
    [t],
  );
}

/** All field errors of a failed parse, translated (a custom issue's params fill its message). */
export function useFieldErrors() {
  const issueText = useIssueText();
  return useCallback(
    (error: z.ZodError): Record<string, string> =>
      Object.fromEntries(
        [...firstIssues(error)].map(([field, issue]) => [
          field,
          issueText(issue.message, issue.code === "custom" ? (issue.params as Values | undefined) : undefined),
        ]),
      ),
    [issueText],
  );
}

/**
 * The server's per-field errors of a refused write (route()'s `issues`, already translated): the first
 * of each top-level field, so a form shows every wrong field at once instead of only the toast's one.
 * `under` is where the form's fields sit in the body (["channel"] for POST /api/channel/).
 */
export function serverFieldErrors(error: unknown, under: readonly string[] = []): Record<string, string> {
  const out: Record<string, string> = {};
  if (!(error instanceof ApiError)) return out;
  for (const issue of error.issues) {
    if (!under.every((part, i) => issue.path[i] === part)) continue;
    const field = String(issue.path[under.length] ?? "");
    if (field && !(field in out)) out[field] = issue.message;
  }
  return out;
}
