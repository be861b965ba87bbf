// An upstream that never ends its SSE event or NDJSON line (review 3, N11): the relay holds at most
// the cap (16 MB) of it, then ends the stream as an upstream error; and it searches each received
// character for the separator once, not the whole pending text on every chunk (a deterministic
// count of the characters searched, not a timer).
import { MAX_PENDING_CHARS } from "@/relay/kernel/bounded-lines";
import { claudeNativeStream } from "@/relay/vendors/anthropic/stream-native";
import { lines } from "@/relay/vendors/shared/openai-style/response-chunks";
import { eventPath, fastPath, upstreamOf } from "@/test-support/unit/stream-reader-support";

const CHUNK = 64 * 1024;
// A stream reads ahead of its consumer (16 objects in object mode): what may be taken past the cap.
const READ_AHEAD = 32 * CHUNK;

/** `head`, then `total` characters of "x" in chunks of `size`, then `tail`; `read` counts what was taken. */
function endless(head: string, total: number, size: number, tail = "") {
  const source = { read: 0 };
  async function* body() {
    const piece = Buffer.alloc(size, "x");
    yield Buffer.from(head);
    for (let sent = 0; sent < total; sent += size) {
      source.read += size;
      yield piece;
    }
    if (tail) yield Buffer.from(tail);
  }
  const upstream = () => upstreamOf(body());
  return { upstream, source, body };
}

/** Characters searched by indexOf / lastIndexOf / includes on long strings while `fn` runs. */
async function searched<T>(fn: () => Promise<T>): Promise<{ result: T; chars: number }> {
  const proto = String.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const names = ["indexOf", "lastIndexOf", "includes"];
  const originals = names.map((n) => proto[n]!);
  let chars = 0;
  names.forEach((name, i) => {
    const original = originals[i]!;
    proto[name] = function (this: string, ...args: unknown[]) {
      if (this.length > 4096) chars += this.length;
      return original.apply(this, args);
    };
  });
  try {
    return { result: await fn(), chars };
  } finally {
    names.forEach((name, i) => (proto[name] = originals[i]!));
  }
}

describe("an event that never ends is cut at the cap as an upstream error", () => {
  const total = MAX_PENDING_CHARS + 8 * 1024 * 1024;

  test("OpenAI stream (the fast path's pending event)", async () => {
    const { upstream, source } = endless('data: {"choices":[{"delta":{"content":"', total, CHUNK);
    const r = await fastPath(upstream());
    expect(r.status).toEqual({ status: "error", end_reason: "upstream_error" });
    expect(source.read).toBeLessThanOrEqual(MAX_PENDING_CHARS + READ_AHEAD);
  });

  test("converted and native streams (the event parser's buffer)", async () => {
    const { upstream, source } = endless('event: content_block_delta\ndata: {"type":"', total, CHUNK);
    const r = await eventPath(upstream(), claudeNativeStream());
    expect(r.status).toEqual({ status: "error", end_reason: "upstream_error" });
    expect(source.read).toBeLessThanOrEqual(MAX_PENDING_CHARS + READ_AHEAD);
  });

  test("NDJSON lines (Ollama)", async () => {
    const { body, source } = endless('{"message":{"content":"', total, CHUNK);
    await expect(
      (async () => {
        for await (const line of lines(body())) void line;
      })(),
    ).rejects.toThrow(/long/);
    expect(source.read).toBeLessThanOrEqual(MAX_PENDING_CHARS + READ_AHEAD);
  });
});

describe("a long event is searched once, not once per chunk", () => {
  const size = 8 * 1024 * 1024;
  const small = 4 * 1024;

  test("OpenAI stream: an 8 MB event in 4 KB chunks", async () => {
    const { upstream } = endless('data: {"choices":[{"delta":{"content":"', size, small, '"}}]}\n\ndata: [DONE]\n\n');
    const { result, chars } = await searched(() => fastPath(upstream()));
    expect(result.status.end_reason).toBe("done");
    expect(result.usage.completionTokens).toBeGreaterThan(0);
    // Once complete, the event is read a fixed number of times (the parser, the usage and first-token
    // checks): ~8x its size. Searched again per 4 KB chunk, it would be ~1,000x (2,048 chunks).
    expect(chars).toBeLessThan(16 * size);
  });

  test("NDJSON: an 8 MB line in 4 KB chunks", async () => {
    const { body } = endless('{"message":{"content":"', size, small, '"}}\n{"done":true}\n');
    const { result, chars } = await searched(async () => {
      const got: number[] = [];
      for await (const line of lines(body())) got.push(line.length);
      return got;
    });
    expect(result).toEqual([size + 26, 13]);
    expect(chars).toBeLessThan(4 * size);
  });
});
