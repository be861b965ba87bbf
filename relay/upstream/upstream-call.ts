import "server-only";

// One upstream HTTP call on an undici dispatcher, without undici's request(). request() builds a
// RequestHandler (an AsyncResource), a stream body and a consume() chain for every call: against
// the bench's mock at c=50 a call with `await body.text()` cost ~48 µs of CPU, the same call through
// dispatch() with this handler ~24 µs (2026-11-26), a tenth of the relay's CPU per request.
// The body (kernel/upstream-body.ts) is read whole or as a stream; aborts go through UpstreamAbort below.
// Same redirect policy as request(): none are followed, so a channel key only ever goes to the
// channel's own address.
import { util, type Dispatcher } from "undici";
import { UpstreamBody, type UpstreamHeaders, type UpstreamResponse } from "@/relay/kernel/upstream-body";

export { UpstreamBody };
export { UpstreamAnswerTooLarge } from "@/relay/kernel/upstream-body";

/**
 * AbortController's role for one upstream call, without an AbortSignal unless someone asks for one
 * (a vendor's finalize() that fetches a token): Node builds each AbortSignal as an EventTarget, and
 * creating it plus adding and removing its listener was ~3 % of the relay's CPU per request.
 */
export class UpstreamAbort {
  reason: Error | null = null;
  private listener: ((reason: Error) => void) | null = null;
  private controller: AbortController | null = null;

  /** Follows an existing signal (probes and token counts, which run on AbortSignal.timeout). */
  static following(signal: AbortSignal): UpstreamAbort {
    const a = new UpstreamAbort();
    if (signal.aborted) a.abort(abortReason(signal));
    else signal.addEventListener("abort", () => a.abort(abortReason(signal)), { once: true });
    return a;
  }

  abort(reason: Error): void {
    if (this.reason) return;
    this.reason = reason;
    this.controller?.abort(reason);
    const l = this.listener;
    this.listener = null;
    l?.(reason);
  }

  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.reason) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }

  /** The call in flight (one at a time); null when it has ended. */
  onAbort(listener: ((reason: Error) => void) | null): void {
    this.listener = listener;
  }
}

function abortReason(signal: AbortSignal): Error {
  const r: unknown = signal.reason;
  return r instanceof Error ? r : new DOMException("This operation was aborted", "AbortError");
}

export type UpstreamCallOptions = {
  method: string;
  headers?: Record<string, string>;
  body?: Dispatcher.DispatchOptions["body"];
  abort: UpstreamAbort;
  headersTimeout: number;
  /** Largest answer the body's text() reads whole (RELAY_MAX_ANSWER_MB). */
  maxAnswerBytes?: number;
};

/** undici's (legacy) dispatch handler of one call: resolves with the response once headers arrive. */
class UpstreamCall implements Dispatcher.DispatchHandler {
  private abort: ((err: Error) => void) | null = null;
  private resume: (() => void) | null = null;
  private body: UpstreamBody | null = null;
  private settled = false;

  constructor(
    private readonly cancelled: UpstreamAbort,
    private readonly maxAnswerBytes: number,
    private readonly resolve: (r: UpstreamResponse) => void,
    private readonly reject: (e: Error) => void,
  ) {
    cancelled.onAbort((reason) => this.cancel(reason));
  }

  private cancel(err: Error): void {
    if (this.abort) this.abort(err);
    else this.onError(err);
  }

  onConnect(abort: (err?: Error) => void): void {
    this.abort = abort as (err: Error) => void;
    if (this.cancelled.reason) abort(this.cancelled.reason);
  }

  onHeaders(statusCode: number, rawHeaders: Buffer[], resume: () => void): boolean {
    if (statusCode < 200) return true; // 1xx: informational, the answer follows
    this.resume = resume;
    this.body = new UpstreamBody(
      () => this.resume?.(),
      (err) => this.cancel(err),
      this.maxAnswerBytes,
    );
    this.settled = true;
    this.resolve({ statusCode, headers: util.parseHeaders(rawHeaders) as UpstreamHeaders, body: this.body });
    return true;
  }

  onData(chunk: Buffer): boolean {
    return this.body ? this.body.received(chunk) : true;
  }

  onComplete(): void {
    this.cancelled.onAbort(null);
    this.body?.completed();
  }

  onError(err: Error): void {
    this.cancelled.onAbort(null);
    if (!this.settled) {
      this.settled = true;
      this.reject(err);
    } else this.body?.failed(err);
  }
}

const MAX_TARGETS = 512;
const targets = new Map<string, { origin: string; path: string }>();

/**
 * The origin and path undici wants, from the channel URL. A channel sends to a handful of URLs, and
 * parsing one with WHATWG URL was ~1 % of the relay's CPU per request (profile of 2026-11-28), so
 * the split is remembered by the URL's text: the same text always parses the same, nothing to
 * invalidate. Cleared when full (model names in Gemini-style paths make the set open-ended).
 */
export function upstreamTarget(url: string): { origin: string; path: string } {
  let t = targets.get(url);
  if (!t) {
    const u = new URL(url);
    t = { origin: u.origin, path: u.pathname + u.search };
    if (targets.size >= MAX_TARGETS) targets.clear();
    targets.set(url, t);
  }
  return t;
}

/** Sends one request and resolves once the response headers have arrived (any status). */
export function callUpstream(dispatcher: Dispatcher, url: string, o: UpstreamCallOptions): Promise<UpstreamResponse> {
  if (o.abort.reason) return Promise.reject(o.abort.reason);
  const u = upstreamTarget(url);
  return new Promise((resolve, reject) => {
    const call = new UpstreamCall(o.abort, o.maxAnswerBytes ?? Infinity, resolve, reject);
    dispatcher.dispatch(
      {
        origin: u.origin,
        path: u.path,
        method: o.method as Dispatcher.HttpMethod,
        headers: o.headers,
        body: o.body,
        headersTimeout: o.headersTimeout,
        bodyTimeout: 0, // the stream inactivity timer is the relay's own
      },
      call,
    );
  });
}
