import "server-only";

// One upstream HTTP call on an undici dispatcher, without undici's request(). request() builds a
// RequestHandler (an AsyncResource), a stream body and a consume() chain for every call: against
// the bench's mock at c=50 a call with `await body.text()` cost ~48 µs of CPU, the same call through
// dispatch() with this handler ~24 µs (2026-11-26), a tenth of the relay's CPU per request.
//
// The body is a Readable (streams are read with for-await, destroyed, piped into decoders) that
// stays idle until someone reads it: a JSON answer read whole with text() never goes through the
// stream machinery. Chunks that arrive before the reader picks a way are kept, up to
// PAUSE_AFTER_BYTES, then the socket is paused until it does. Same redirects policy as request():
// none are followed, so a channel key only ever goes to the channel's own address.
import { Readable } from "node:stream";
import { util, type Dispatcher } from "undici";

export type UpstreamHeaders = Record<string, string | string[] | undefined>;
export type UpstreamResponse = { statusCode: number; headers: UpstreamHeaders; body: UpstreamBody };

export type UpstreamCallOptions = {
  method: string;
  headers?: Record<string, string>;
  body?: Dispatcher.DispatchOptions["body"];
  abort: UpstreamAbort;
  headersTimeout: number;
};

/** What a reader of the call may abort it with (an UpstreamAbort, or an AbortController in tests). */
export type Aborter = { abort(reason: Error): void };

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

/** Bytes kept for a reader that has not started yet, before the socket is paused. */
const PAUSE_AFTER_BYTES = 64 * 1024;

/** How the body is being read: not yet, whole (text/json/dump), or as a stream. */
const Mode = { Undecided: 0, Whole: 1, Stream: 2 } as const;
type Mode = (typeof Mode)[keyof typeof Mode];

type Waiter = { resolve: (b: Buffer) => void; reject: (e: Error) => void; limit: number };

export class UpstreamBody extends Readable {
  private chunks: Buffer[] = [];
  private bytes = 0;
  private mode: Mode = Mode.Undecided;
  private ended = false;
  private failure: Error | null = null;
  private paused = false;
  private waiter: Waiter | null = null;

  constructor(
    private readonly resumeUpstream: () => void,
    private readonly abortUpstream: (err: Error) => void,
  ) {
    super();
  }

  /** The whole body as UTF-8 text; with `limit`, at most that many bytes (the rest is not read). */
  async text(limit = Infinity): Promise<string> {
    return (await this.whole(limit)).toString("utf8");
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  /** Reads and drops the body (the connection stays reusable). */
  async dump(): Promise<void> {
    await this.whole(PAUSE_AFTER_BYTES);
  }

  private whole(limit: number): Promise<Buffer> {
    if (this.mode !== Mode.Undecided) return Promise.reject(new TypeError("upstream body already read"));
    this.mode = Mode.Whole;
    if (this.failure) return Promise.reject(this.failure);
    if (this.ended || this.bytes >= limit) return Promise.resolve(this.collected(limit));
    return new Promise((resolve, reject) => {
      this.waiter = { resolve, reject, limit };
      this.wake();
    });
  }

  private collected(limit: number): Buffer {
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    this.chunks = [];
    // Stopped before the end (a limit reached): the rest is not read, the connection is dropped.
    if (!this.ended) this.destroy();
    return all.length <= limit ? all : all.subarray(0, limit);
  }

  private wake(): void {
    if (!this.paused) return;
    this.paused = false;
    this.resumeUpstream();
  }

  /** undici's onData: false pauses the socket until wake(). */
  received(chunk: Buffer): boolean {
    if (this.mode === Mode.Stream) {
      if (this.push(chunk)) return true;
      this.paused = true;
      return false;
    }
    this.chunks.push(chunk);
    this.bytes += chunk.length;
    const w = this.waiter;
    if (w && this.bytes >= w.limit) {
      this.waiter = null;
      w.resolve(this.collected(w.limit));
      return true;
    }
    if (this.mode === Mode.Undecided && this.bytes > PAUSE_AFTER_BYTES) {
      this.paused = true;
      return false;
    }
    return true;
  }

  completed(): void {
    this.ended = true;
    if (this.mode === Mode.Stream) this.push(null);
    const w = this.waiter;
    if (w) {
      this.waiter = null;
      w.resolve(this.collected(w.limit));
    }
  }

  failed(err: Error): void {
    if (this.ended || this.failure) return;
    this.failure = err;
    this.chunks = [];
    const w = this.waiter;
    if (w) {
      this.waiter = null;
      w.reject(err);
    }
    if (this.mode === Mode.Stream) this.destroy(err);
  }

  override _read(): void {
    if (this.mode === Mode.Undecided) {
      this.mode = Mode.Stream;
      const kept = this.chunks;
      this.chunks = [];
      for (const c of kept) this.push(c);
      if (this.failure) return void this.destroy(this.failure);
      if (this.ended) return void this.push(null);
    }
    this.wake();
  }

  override _destroy(err: Error | null, callback: (error?: Error | null) => void): void {
    if (!this.ended && !this.failure) {
      this.failure = err ?? new Error("upstream body destroyed before its end");
      this.abortUpstream(this.failure);
    }
    callback(err);
  }
}

/** undici's (legacy) dispatch handler of one call: resolves with the response once headers arrive. */
class UpstreamCall implements Dispatcher.DispatchHandler {
  private abort: ((err: Error) => void) | null = null;
  private resume: (() => void) | null = null;
  private body: UpstreamBody | null = null;
  private settled = false;

  constructor(
    private readonly cancelled: UpstreamAbort,
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

function abortReason(signal: AbortSignal): Error {
  const r: unknown = signal.reason;
  return r instanceof Error ? r : new DOMException("This operation was aborted", "AbortError");
}

/** Sends one request and resolves once the response headers have arrived (any status). */
export function callUpstream(dispatcher: Dispatcher, url: string, o: UpstreamCallOptions): Promise<UpstreamResponse> {
  if (o.abort.reason) return Promise.reject(o.abort.reason);
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const call = new UpstreamCall(o.abort, resolve, reject);
    dispatcher.dispatch(
      {
        origin: u.origin,
        path: u.pathname + u.search,
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
