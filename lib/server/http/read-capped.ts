import "server-only";

// Reads a request or response body up to a byte cap, stopping as soon as the cap is passed (the
// stream is cancelled), so an oversized or endless body is never held in memory. Used for provider
// answers (fetch-provider-json) and the EPay notice.

/** The body as UTF-8 text ("" without a body), or null when it is larger than `maxBytes`. */
export async function readCapped(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<string | null> {
  if (!body) return "";
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
