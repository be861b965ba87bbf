// Turning zod issues into translated, per-field form errors. Shared schemas (lib/schemas) carry
// bare keys of the "server" namespace; form-only schemas carry full message paths ("auth.…").
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import type { z } from "zod";

/** The first issue message of each top-level field (the one the user should fix first). */
export function firstIssueByField(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "");
    if (!(field in out)) out[field] = issue.message;
  }
  return out;
}

/** Translates an issue message from either kind of schema. */
export function useIssueText(): (message: string) => string {
  const t = useTranslations();
  return useCallback(
    (message: string) => {
      const path = message.includes(".") ? message : `server.${message}`;
      return t(path as Parameters<typeof t>[0]);
    },
    [t],
  );
}

/** All field errors of a failed parse, translated. */
export function useFieldErrors() {
  const issueText = useIssueText();
  return useCallback(
    (error: z.ZodError): Record<string, string> => {
      const raw = firstIssueByField(error);
      return Object.fromEntries(Object.entries(raw).map(([field, message]) => [field, issueText(message)]));
    },
    [issueText],
  );
}
