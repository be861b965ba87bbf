import "server-only";

// Relay failures in the OpenAI error shape {error:{message,type,param,code}}. The request id is
// appended to the message and echoed in the X-Request-Id / X-Oneapi-Request-Id headers.
export type RelayErrorType =
  | "invalid_request_error"
  | "new_api_error"
  | "upstream_error"
  | "openai_error"
  | "authentication_error"
  | "permission_error";

export class RelayError extends Error {
  readonly status: number;
  readonly type: RelayErrorType;
  readonly code: string;
  /** Whether trying another channel may help (upstream trouble, not the caller's fault). */
  readonly retryable: boolean;
  /** Raw upstream details kept for logs (never shown to callers). */
  readonly upstreamStatus?: number;
  /** The upstream failed (answered an error status, a bad body, or could not be reached): only
   *  these count towards automatic channel disabling. Implied by upstreamStatus. */
  readonly upstreamFault: boolean;
  /** The vendor's classification fields of an upstream error (type, code, status, reason),
   *  lower-cased: upstream/upstream-error.ts. Never the message, which can quote the request. */
  readonly upstreamClass: readonly string[];

  constructor(
    status: number,
    message: string,
    opts: {
      type?: RelayErrorType;
      code?: string;
      retryable?: boolean;
      upstreamStatus?: number;
      upstreamFault?: boolean;
      upstreamClass?: readonly string[];
    } = {},
  ) {
    super(message);
    this.name = "RelayError";
    this.status = status;
    this.type = opts.type ?? "new_api_error";
    this.code = opts.code ?? "";
    this.retryable = opts.retryable ?? false;
    this.upstreamStatus = opts.upstreamStatus;
    this.upstreamFault = opts.upstreamFault ?? opts.upstreamStatus !== undefined;
    this.upstreamClass = opts.upstreamClass ?? [];
  }
}

export function errorBody(err: RelayError, requestId: string): string {
  return JSON.stringify({
    error: { message: `${err.message} (request id: ${requestId})`, type: err.type, param: "", code: err.code || null },
  });
}
