import "server-only";

// Bounds on what an upstream stream may make us hold: an event (SSE) or a line (NDJSON) still waiting
// for its end. A broken or hostile upstream that never sends the separator would otherwise grow the
// process's memory without limit, and re-searching all it sent on every chunk costs quadratic time
// (review 3, N11). Beyond the cap the stream ends as an upstream error (what was sent is billed);
// each received piece of text is searched once.
import { createParser, type EventSourceMessage } from "eventsource-parser";

/** Characters of one pending event or line (16 MB of ASCII; no real event comes near it). */
export const MAX_PENDING_CHARS = 16 * 1024 * 1024;

export class UpstreamFrameTooLong extends Error {
  constructor(cap: number) {
    super(`upstream stream event or line longer than ${cap} characters`);
  }
}

/** An SSE parser (eventsource-parser, linear) that throws UpstreamFrameTooLong past the cap. */
export function boundedSseParser(onEvent: (e: EventSourceMessage) => void, cap = MAX_PENDING_CHARS) {
  let over = false;
  const parser = createParser({
    onEvent,
    maxBufferSize: cap,
    onError: (err) => {
      if (err.type === "max-buffer-size-exceeded") over = true;
    },
  });
  return {
    feed(text: string): void {
      parser.feed(text);
      if (over) throw new UpstreamFrameTooLong(cap);
    },
  };
}

/**
 * Text received but not complete up to a separator ("\n\n" for SSE events, "\n" for NDJSON lines).
 * Only the newly added text is searched (a two-character separator may straddle the boundary), and
 * the pending part is held as a rope until its end arrives.
 */
export class PendingText {
  /** Characters searched so far: each received character once (tests check the cost is linear). */
  scanned = 0;
  private pending = "";
  private pendingEndsWithNewline = false;

  constructor(
    private readonly separator: "\n" | "\n\n",
    private readonly cap = MAX_PENDING_CHARS,
  ) {}

  /** Adds text; answers everything up to and including the last separator ("" when none yet). */
  push(text: string): string {
    this.scanned += text.length;
    const cut = text.lastIndexOf(this.separator);
    let end = cut >= 0 ? cut + this.separator.length : 0;
    if (!end && this.separator === "\n\n" && this.pendingEndsWithNewline && text.charCodeAt(0) === 10) end = 1;
    if (!end) {
      this.pending += text;
      if (text) this.pendingEndsWithNewline = text.charCodeAt(text.length - 1) === 10;
      if (this.pending.length > this.cap) throw new UpstreamFrameTooLong(this.cap);
      return "";
    }
    const complete = this.pending + text.slice(0, end);
    this.pending = text.slice(end);
    this.pendingEndsWithNewline = this.pending.charCodeAt(this.pending.length - 1) === 10;
    if (this.pending.length > this.cap) throw new UpstreamFrameTooLong(this.cap);
    return complete;
  }

  /** What is left at the end of the stream (an unterminated last event or line). */
  rest(): string {
    return this.pending;
  }
}
