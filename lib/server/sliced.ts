import "server-only";

// Long per-request work (scanning a large prompt or body) runs in slices with a turn of the event loop
// between them, so one large request delays the others by at most a slice (~1 ms), not by its whole
// size. A sliced computation is a generator that yields between slices: runSliced drives it with
// pauses on the request path; runAtOnce drives it straight through (small inputs, sync callers).
//
// Strings are read through a Uint16Array copy of each slice: V8 stops inlining String#charCodeAt in
// the whole process once any class extends String (ioredis's VerbatimString does, when imported),
// and a charCodeAt loop then costs ~10 ns per code unit instead of ~1; the copy is one memcpy.

/** Code units per slice (256 KB of UTF-16); also the byte count per slice of raw bodies x2. */
export const SLICE_UNITS = 1 << 17;

const scratch = new Uint16Array(SLICE_UNITS);
const scratchBytes = Buffer.from(scratch.buffer, scratch.byteOffset, scratch.byteLength);

/** Lets timers, I/O and other requests run before continuing (a macrotask turn, unlike a resolved promise). */
export const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Runs a sliced computation, giving the event loop a turn at each of its yields. */
export async function runSliced<T>(work: Generator<void, T>): Promise<T> {
  for (let step = work.next(); ; step = work.next()) {
    if (step.done) return step.value;
    await yieldToLoop();
  }
}

/** Runs a sliced computation without pausing. */
export function runAtOnce<T>(work: Generator<void, T>): T {
  for (let step = work.next(); ; step = work.next()) if (step.done) return step.value;
}

/**
 * The code units text[start, start + SLICE_UNITS) as a view of a shared buffer: valid only until the
 * next call, so read it synchronously. Lone surrogates are copied as they are.
 */
export function unitsAt(text: string, start: number): Uint16Array {
  const n = Math.min(SLICE_UNITS, text.length - start);
  if (n <= 0) return scratch.subarray(0, 0);
  scratchBytes.write(start === 0 && n === text.length ? text : text.slice(start, start + n), 0, n * 2, "utf16le");
  return scratch.subarray(0, n);
}

/** UTF-8 text of raw (invalid sequences become U+FFFD), decoded in slices of 256 KB. */
export function* decodeUtf8(raw: Uint8Array): Generator<void, string> {
  const step = 2 * SLICE_UNITS;
  if (raw.length <= step) return Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString("utf8");
  // ignoreBOM keeps a leading BOM in the text, as Buffer#toString does (JSON.parse then refuses it).
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  let text = "";
  for (let start = 0; start < raw.length; start += step) {
    if (start) yield;
    text += decoder.decode(raw.subarray(start, start + step), { stream: true });
  }
  return text + decoder.decode();
}
