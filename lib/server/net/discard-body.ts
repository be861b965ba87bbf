import "server-only";

/**
 * Stops reading an undici response body. Destroying a body that has not ended makes undici emit a
 * RequestAbortedError 'error' event a tick later, after any for-await loop over it has let go of its
 * listener: without one of its own, that event is an uncaught exception.
 */
export function discardBody(body: { destroy(): unknown; on(event: "error", listener: () => void): unknown }): void {
  body.on("error", ignore);
  body.destroy();
}

function ignore(): void {}
