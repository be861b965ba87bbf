import "server-only";

// The one error type services throw: a code of the one error table (lib/server/errors/table.ts, which
// gives its HTTP status) and a server message key. The route wrapper answers it as a localised
// {success:false, message} envelope; the relay maps it to the OpenAI error shape.
import { statusOf, type ErrorCode } from "@/lib/server/errors/table";
import type { ServerMessageKey } from "@/lib/server/i18n/server-messages";

export type { ErrorCode } from "@/lib/server/errors/table";

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly key: ServerMessageKey;
  readonly params: Record<string, string | number>;
  /** Fields new-api adds to some error answers (e.g. secure verification's `code`), beside success and message. */
  readonly extra: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    key: ServerMessageKey,
    params: Record<string, string | number> = {},
    extra?: Record<string, string>,
  ) {
    super(key);
    this.name = "AppError";
    this.code = code;
    this.key = key;
    this.params = params;
    this.extra = extra;
  }

  get status(): number {
    return statusOf(this.code);
  }
}
