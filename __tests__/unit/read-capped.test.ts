// readCapped (lib/server/http/read-capped.ts): the body text up to the cap, null past it with the
// stream cancelled at once (an endless body is never read to its end).
import { readCapped } from "@/lib/server/http/read-capped";

/** A stream of the given chunks; `endless` keeps producing after them. Records whether it was cancelled. */
function streamOf(chunks: string[], endless = false) {
  const state = { cancelled: false, pulled: 0 };
  const queue = chunks.map((c) => new TextEncoder().encode(c));
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      state.pulled++;
      const next = queue.shift() ?? (endless ? new Uint8Array(1024) : null);
      if (next) controller.enqueue(next);
      else controller.close();
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

test("no body is the empty text", async () => {
  expect(await readCapped(null, 10)).toBe("");
});

test("chunks up to exactly the cap are joined as UTF-8", async () => {
  const { stream, state } = streamOf(["héllo", " wörld"]);
  expect(await readCapped(stream, Buffer.byteLength("héllo wörld"))).toBe("héllo wörld");
  expect(state.cancelled).toBe(false);
});

test("one byte past the cap is null and the stream is cancelled", async () => {
  // More is still coming (a closed stream has nothing left to cancel).
  const { stream, state } = streamOf(["12345", "67"], true);
  expect(await readCapped(stream, 6)).toBeNull();
  expect(state.cancelled).toBe(true);
});

test("an endless body stops at the cap", async () => {
  const { stream, state } = streamOf([], true);
  expect(await readCapped(stream, 4096)).toBeNull();
  expect(state.cancelled).toBe(true);
  expect(state.pulled).toBeLessThanOrEqual(8);
});
