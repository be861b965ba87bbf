import "server-only";

// The body of one upstream answer (relay/upstream/upstream-call.ts): a Readable that
// stays idle until someone reads it, so a JSON answer read whole with text() never goes through the
// stream machinery. Chunks that arrive before the reader picks a way are kept, up to
// PAUSE_AFTER_BYTES, then the socket is paused until it does.
import { Readable } from "node:stream";

/** Bytes kept for a reader that has not started yet, before the socket is paused. */
const PAUSE_AFTER_BYTES = 64 * 1024;

/** How the body is being read: not yet, whole (text/textUpTo/dump), or as a stream. */
const Mode = { Undecided: 0, Whole: 1, Stream: 2 } as const;
type Mode = (typeof Mode)[keyof typeof Mode];

/** A whole read in progress: up to `limit` bytes, then either cut there or refused as too large. */
type Waiter = { resolve: (b: Buffer) => void; reject: (e: Error) => void; limit: number; cut: boolean };

/** A whole answer larger than the relay accepts (RELAY_MAX_ANSWER_MB): it is not read further. */
export class UpstreamAnswerTooLarge extends Error {
  constructor(limit: number) {
    const mb = limit / 1048576;
    super(`the upstream answer is larger than ${mb >= 1 ? `${+mb.toFixed(2)} MB` : `${limit} bytes`}`);
    this.name = "UpstreamAnswerTooLarge";
  }
}

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
    /** Largest whole answer text() reads; a stream has no such limit (it is never held whole). */
    private readonly maxBytes = Infinity,
  ) {
    super();
  }

  /** The whole body as UTF-8 text; past maxBytes it rejects with UpstreamAnswerTooLarge. */
  async text(): Promise<string> {
    return (await this.whole(this.maxBytes, false)).toString("utf8");
  }

  /** At most the first `limit` bytes as UTF-8 text (error answers); the rest is not read. */
  async textUpTo(limit: number): Promise<string> {
    return (await this.whole(limit, true)).toString("utf8");
  }

  /** Reads and drops the body (the connection stays reusable unless it is long). */
  async dump(): Promise<void> {
    await this.whole(PAUSE_AFTER_BYTES, true);
  }

  private whole(limit: number, cut: boolean): Promise<Buffer> {
    if (this.mode !== Mode.Undecided) return Promise.reject(new TypeError("upstream body already read"));
    this.mode = Mode.Whole;
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiter = { resolve, reject, limit, cut };
      if (!this.answerWaiter()) this.wake();
    });
  }

  /** Answers the whole read once it can be answered; false while it must read on. */
  private answerWaiter(): boolean {
    const w = this.waiter;
    if (!w) return false;
    const over = w.cut ? this.bytes >= w.limit : this.bytes > w.limit;
    if (!over && !this.ended) return false;
    this.waiter = null;
    if (over && !w.cut) {
      this.chunks = [];
      this.destroy();
      w.reject(new UpstreamAnswerTooLarge(w.limit));
      return true;
    }
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    this.chunks = [];
    // Stopped before the end (a limit reached): the rest is not read, the connection is dropped.
    if (!this.ended) this.destroy();
    w.resolve(all.length <= w.limit ? all : all.subarray(0, w.limit));
    return true;
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
    if (this.answerWaiter()) return true;
    if (this.mode === Mode.Undecided && this.bytes > PAUSE_AFTER_BYTES) {
      this.paused = true;
      return false;
    }
    return true;
  }

  completed(): void {
    this.ended = true;
    if (this.mode === Mode.Stream) this.push(null);
    this.answerWaiter();
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

export type UpstreamHeaders = Record<string, string | string[] | undefined>;
/** An upstream's answer as undici gives it: status, headers and the body still to be read. */
export type UpstreamResponse = { statusCode: number; headers: UpstreamHeaders; body: UpstreamBody };

/** What a reader of the call may abort it with (an UpstreamAbort, or an AbortController in tests). */
export type Aborter = { abort(reason: Error): void };

/** One response header (the first, when repeated). */
export function headerOf(up: UpstreamResponse, name: string): string | undefined {
  const v = up.headers[name];
  return Array.isArray(v) ? v[0] : v;
}
