import "server-only";

// Settlement records cross the worker -> primary pipe as JSON. One non-ASCII character anywhere in a
// batch (every consume log's content is Chinese: 模型倍率 …) makes the primary decode the whole batch
// into a two-byte string and parse it with V8's slower two-byte JSON parser: UTF-8 decoding and
// parsing were ~14 % of the primary's CPU under load. Strings of the records that hold non-ASCII
// characters travel as { a: their JSON literal with \u escapes } instead, so batches stay ASCII.

const NON_ASCII = /[^\x00-\x7f]/;
const NON_ASCII_ALL = /[^\x00-\x7f]/g;

type Escaped = { a: string };

function escapeChar(c: string): string {
  return "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0");
}

/** Replaces, in place, the non-ASCII strings among the own fields of `fields`. */
export function asciiFields(fields: Record<string, unknown>): void {
  for (const k in fields) {
    const v = fields[k];
    if (typeof v === "string" && NON_ASCII.test(v))
      fields[k] = { a: JSON.stringify(v).replace(NON_ASCII_ALL, escapeChar) } satisfies Escaped;
  }
}

function isEscaped(v: unknown): v is Escaped {
  return typeof v === "object" && v !== null && typeof (v as Escaped).a === "string";
}

/** Undoes asciiFields in place (fields that are not escaped strings are left as they are). */
export function restoreFields(fields: Record<string, unknown>): void {
  for (const k in fields) {
    const v = fields[k];
    if (isEscaped(v)) fields[k] = JSON.parse(v.a) as string;
  }
}
