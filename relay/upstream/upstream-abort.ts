import "server-only";

// Aborting one upstream call (relay/upstream/upstream-call.ts).

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

export function abortReason(signal: AbortSignal): Error {
  const r: unknown = signal.reason;
  return r instanceof Error ? r : new DOMException("This operation was aborted", "AbortError");
}
