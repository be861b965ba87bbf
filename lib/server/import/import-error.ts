import "server-only";

// The one-line, translated reason an import stops (exit code 1): bad arguments, a source that is not
// a new-api/one-api database or cannot be reached, a target in use, a corrupt row that cannot be
// skipped (a user, token or channel), a failed consistency check.
import type { ServerMessageKey } from "@/lib/server/i18n/server-messages";

export class ImportError extends Error {
  constructor(
    readonly key: ServerMessageKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
  }
}
