import "server-only";

// Reads a request or response body up to a byte cap, stopping as soon as the cap is passed (the
// stream is cancelled), so an oversized or endless body is never held in memory. Used for console
// /api bodies (route.ts), provider answers (fetch-provider-json) and the EPay notice.

/** The body's bytes (empty without a body), or null when it is larger than `maxBytes`. */
export async function readCappedBytes(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<Uint8Array | null> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch (err) {
      if (err instanceof BodyOverLimit) return null;
      throw err;
    }
    const { done, value } = next;
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}

/** The body as UTF-8 text ("" without a body), or null when it is larger than `maxBytes`. */
export async function readCapped(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<string | null> {
  const bytes = await readCappedBytes(body, maxBytes);
  return bytes === null ? null : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
}

/** A body stream's error once more bytes arrived than the route accepts (api-router.ts). */
export class BodyOverLimit extends Error {
  constructor() {
    super("request body over the route's limit");
    this.name = "BodyOverLimit";
  }
}
