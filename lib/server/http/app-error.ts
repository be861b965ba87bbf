import "server-only";

// The one error type services throw. The route wrapper maps it to an HTTP status and a localised
// {success:false, message} envelope; the relay maps it to the OpenAI error shape.
import type { ServerMessageKey } from "@/lib/server/i18n/server-messages";

export type ErrorCode =
  | "bad_request"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "payload_too_large"
  | "rate_limited"
  | "internal"
  | "unavailable";

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly key: ServerMessageKey;
  readonly params: Record<string, string | number>;

  constructor(code: ErrorCode, key: ServerMessageKey, params: Record<string, string | number> = {}) {
    super(key);
    this.name = "AppError";
    this.code = code;
    this.key = key;
    this.params = params;
  }

  get status(): number {
    return STATUS_BY_CODE[this.code];
  }
}
