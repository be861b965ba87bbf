import "server-only";

// Checks on raw client input shared by the console /api wrapper and the relay boundary. All linear
// in the input size: hostile input must neither reach the database (Prisma's engine rejects lone
// surrogates with a 500) nor overflow the stack (deep nesting in JSON.stringify or zod).
import { runAtOnce, SLICE_UNITS } from "@/lib/server/sliced";

/** Deepest object/array nesting accepted in a JSON request body. */
export const MAX_JSON_DEPTH = 128;

/** Whether the JSON text nests objects/arrays deeper than max (string contents are skipped). */
export function jsonTooDeep(raw: Uint8Array, max = MAX_JSON_DEPTH): boolean {
  return runAtOnce(scanJsonDepth(raw, max));
}

type DepthState = { depth: number; inString: boolean };

/**
 * Scans raw[i, end) (its own function, so V8 optimises the whole loop, see relay/entry/warm-up.ts); answers
 * where the next slice starts (one past end when an escape's second byte lies there), or -1 when
 * the nesting passes max.
 */
function scanDepthSlice(raw: Uint8Array, i: number, end: number, st: DepthState, max: number): number {
  let { depth, inString } = st;
  for (; i < end; i++) {
    const b = raw[i]!;
    if (inString) {
      if (b === 0x5c) i++;
      else if (b === 0x22) inString = false;
    } else if (b === 0x22) inString = true;
    else if (b === 0x7b || b === 0x5b) {
      if (++depth > max) return -1;
    } else if (b === 0x7d || b === 0x5d) depth--;
  }
  st.depth = depth;
  st.inString = inString;
  return i;
}

/**
 * Whether raw holds at most max opening brackets (in strings or not), so cannot nest deeper: memchr
 * searches, ~30x quicker than the scan on an ordinary body (a 100 KB prompt: 10 µs, not 300).
 */
function fewBrackets(raw: Uint8Array, max: number): boolean {
  const buf = Buffer.isBuffer(raw) ? raw : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  let n = 0;
  for (const b of [0x5b, 0x7b])
    for (let i = buf.indexOf(b); i >= 0; i = buf.indexOf(b, i + 1)) if (++n > max) return false;
  return true;
}

/** As jsonTooDeep, in slices of 256 KB with a yield between them (see runSliced). */
export function* scanJsonDepth(raw: Uint8Array, max = MAX_JSON_DEPTH): Generator<void, boolean> {
  if (fewBrackets(raw, max)) return false;
  const st: DepthState = { depth: 0, inString: false };
  for (let i = 0, end = 0; i < raw.length;) {
    if (end) yield;
    end = Math.min(raw.length, end + 2 * SLICE_UNITS);
    i = scanDepthSlice(raw, i, end, st, max);
    if (i < 0) return true;
  }
  return false;
}

/** NUL, or a surrogate code unit without its partner. */
const ILL_FORMED = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?:^|[^\ud800-\udbff])[\udc00-\udfff]/;

export const wellFormed = (s: string): boolean => !ILL_FORMED.test(s);

const ILL_FORMED_ALL = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The text with every NUL and lone surrogate replaced by U+FFFD (storable in every database). */
export const toWellFormedText = (s: string): string => s.replace(ILL_FORMED_ALL, "\ufffd");

/**
 * The path ("a.b[2]") of the first ill-formed string (as a key or a value) in a parsed JSON value,
 * or null. Iterative, so nesting depth cannot overflow the stack.
 */
export function firstIllFormed(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, ""]];
  while (stack.length) {
    const [v, at] = stack.pop()!;
    if (typeof v === "string") {
      if (!wellFormed(v)) return at || "body";
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) stack.push([v[i], `${at}[${i}]`]);
    } else if (v && typeof v === "object") {
      for (const [k, x] of Object.entries(v)) {
        const p = at ? `${at}.${k}` : k;
        if (!wellFormed(k)) return at || "body";
        stack.push([x, p]);
      }
    }
  }
  return null;
}
