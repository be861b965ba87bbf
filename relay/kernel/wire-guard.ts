import "server-only";

// The relay boundary: every client body is checked here before any conversion reads it. Checks are
// linear in the body size: a byte scan for nesting depth before JSON.parse (deep nesting overflows
// the stack in JSON.stringify later), then a zod schema over exactly the fields the relay reads, with
// bounds on counts. A failure is a 400 in the endpoint's own error shape, naming the field.
import type { z } from "zod";
import { MAX_JSON_DEPTH, scanJsonDepth } from "@/lib/server/http/input-guard";
import { invalidRequest } from "@/relay/kernel/error-codes";
import { type RelayError } from "@/relay/kernel/errors";
import { decodeUtf8, runSliced, SLICE_UNITS, yieldToLoop } from "@/lib/server/sliced";

export { jsonTooDeep } from "@/lib/server/http/input-guard";

/** Bounds on counts (well above what the upstream APIs themselves accept). */
export const LIMITS = {
  messages: 10_000,
  parts: 2_000,
  tools: 512,
  inputs: 4_096,
  images: 10,
  stops: 64,
} as const;

export function tooDeepError(): RelayError {
  return invalidRequest(`Request body nests deeper than ${MAX_JSON_DEPTH} levels`, "invalid_json_depth");
}

/**
 * The JSON value of a client body; throws tooDeepError(), or a SyntaxError when it is not JSON. The
 * depth scan and the UTF-8 decoding of a large body run in slices with event-loop turns between them
 * and around JSON.parse, which cannot be split (RELAY_MAX_BODY_MB bounds it: ~1 ms per MB).
 */
export async function parseBodyJson(raw: Uint8Array): Promise<unknown> {
  if (await runSliced(scanJsonDepth(raw))) throw tooDeepError();
  const text = await runSliced(decodeUtf8(raw));
  const large = raw.length > 2 * SLICE_UNITS;
  if (large) await yieldToLoop();
  const value: unknown = JSON.parse(text);
  if (large) await yieldToLoop();
  return value;
}

/** messages.0.content -> messages[0].content */
function fieldName(path: readonly PropertyKey[]): string {
  let out = "";
  for (const p of path) out += typeof p === "number" ? `[${p}]` : `${out ? "." : ""}${String(p)}`;
  return out || "body";
}

type Found = { path: PropertyKey[]; message: string };

/**
 * The most precise account of an issue: inside a union, the branch that got furthest into the value
 * (so "messages[0].content[1].text" rather than "messages[0].content"); when no branch got past the
 * value itself, the types the union would have accepted.
 */
function explain(issue: z.core.$ZodIssue): Found {
  if (issue.code !== "invalid_union" || !issue.errors.length) return { path: [...issue.path], message: issue.message };
  let best: Found | null = null;
  const expected: string[] = [];
  for (const branch of issue.errors)
    for (const sub of branch) {
      const found = explain(sub);
      if (!best || found.path.length > best.path.length) best = found;
      if (sub.code === "invalid_type" && !sub.path.length) expected.push(sub.expected);
    }
  if (best && best.path.length) return { path: [...issue.path, ...best.path], message: best.message };
  return {
    path: [...issue.path],
    message: expected.length ? `Invalid input: expected ${[...new Set(expected)].join(" or ")}` : issue.message,
  };
}

/** Parses body with schema; on failure a 400 naming the first offending field. */
export function checkWire<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  const found = explain(r.error.issues[0]!);
  return invalidField(fieldName(found.path), found.message);
}

export function invalidField(field: string, message: string): never {
  throw invalidRequest(`Invalid field '${field}': ${message}`, "invalid_field");
}
