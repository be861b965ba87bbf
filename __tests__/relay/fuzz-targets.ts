// What the fuzzer (fuzz.test.ts) aims at: every console /api route (found by walking
// app/api/**/route.ts) and every relay endpoint, with a valid body template each, and the request
// generator that turns a seeded PRNG into one hostile HTTP request, how one is sent and reported.
import fs from "node:fs";
import path from "node:path";
import {
  HOSTILE_NUMBERS,
  HOSTILE_STRINGS,
  hostileValue,
  mutate,
  withDuplicateKey,
  type Rng,
} from "../../test-support/hostile";
import { PROTOTYPE_NAMES, withPrototypeNames } from "../../test-support/prototype-names";

export type Role = "anonymous" | "user" | "admin" | "root" | "relay";
export type Target = { method: string; path: string; body: boolean; template?: unknown; relay: boolean };
export type FuzzRequest = {
  index: number;
  role: Role;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
};

const ROOT = path.resolve(__dirname, "../..");

/** Every exported handler of app/api/**\/route.ts: method, URL pattern, whether it takes a body. */
export function apiTargets(): Target[] {
  const out: Target[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name === "route.ts") {
        const text = fs.readFileSync(p, "utf8");
        const url = "/" + path.relative(path.join(ROOT, "app"), path.dirname(p)).split(path.sep).join("/");
        for (const m of text.matchAll(/export const (GET|POST|PUT|PATCH|DELETE) = route\(\s*(\{[^}]*\})/g))
          out.push({ method: m[1]!, path: url, body: /\bbody:/.test(m[2]!), relay: false });
      }
    }
  };
  walk(path.join(ROOT, "app/api"));
  return out;
}

const chat = { model: "fz-chat", messages: [{ role: "user", content: "hi" }], max_tokens: 5 };
const gemini = { contents: [{ role: "user", parts: [{ text: "hi" }] }], generationConfig: { maxOutputTokens: 5 } };

export const RELAY_TARGETS: Target[] = [
  ["POST", "/v1/chat/completions", chat],
  [
    "POST",
    "/v1/chat/completions",
    { ...chat, model: "fz-claude", tools: [{ type: "function", function: { name: "f" } }] },
  ],
  ["POST", "/v1/chat/completions", { ...chat, model: "fz-gemini", stream: true }],
  ["POST", "/v1/completions", { model: "fz-chat", prompt: "hi", max_tokens: 5 }],
  ["POST", "/v1/embeddings", { model: "fz-chat", input: ["a", "b"] }],
  ["POST", "/v1/moderations", { model: "fz-chat", input: "hi" }],
  [
    "POST",
    "/v1/responses",
    { model: "fz-chat", input: [{ role: "user", content: [{ type: "input_text", text: "hi" }] }] },
  ],
  [
    "POST",
    "/v1/responses",
    {
      model: "fz-claude",
      instructions: "s",
      input: [
        { role: "user", content: [{ type: "input_text", text: "hi" }] },
        { type: "function_call", call_id: "c1", name: "f", arguments: "{}" },
        { type: "function_call_output", call_id: "c1", output: "ok" },
      ],
      tools: [{ type: "function", name: "f", parameters: { type: "object" } }],
      reasoning: { effort: "low" },
    },
  ],
  [
    "POST",
    "/v1/responses",
    { model: "fz-gemini", input: "hi", stream: true, text: { format: { type: "json_object" } } },
  ],
  ["POST", "/v1/images/generations", { model: "fz-chat", prompt: "cat", n: 1 }],
  ["POST", "/v1/images/edits", { model: "fz-chat", prompt: "cat" }],
  ["POST", "/v1/audio/speech", { model: "fz-chat", input: "hi", voice: "alloy" }],
  ["POST", "/v1/audio/transcriptions", { model: "fz-chat" }],
  ["POST", "/v1/rerank", { model: "fz-chat", query: "q", documents: ["a", "b"] }],
  [
    "POST",
    "/v1/messages",
    { model: "fz-chat", max_tokens: 5, messages: [{ role: "user", content: [{ type: "text", text: "hi" }] }] },
  ],
  [
    "POST",
    "/v1/messages",
    { model: "fz-gemini", max_tokens: 5, system: "s", messages: [{ role: "user", content: "hi" }] },
  ],
  ["POST", "/v1beta/models/fz-chat:generateContent", gemini],
  ["POST", "/v1beta/models/fz-claude:streamGenerateContent", gemini],
  ["POST", "/v1beta/models/fz-chat:embedContent", { content: { parts: [{ text: "hi" }] } }],
  ["POST", "/v1beta/models/fz-chat:batchEmbedContents", { requests: [{ content: { parts: [{ text: "hi" }] } }] }],
  ["GET", "/v1/models", undefined],
  ["GET", "/v1/models/fz-chat", undefined],
  ["GET", "/v1beta/models", undefined],
  ["POST", "/mj/submit/imagine", { prompt: "cat", base64Array: [] }],
  ["POST", "/mj/submit/action", { taskId: "1", customId: "MJ::JOB::upsample::1::x" }],
  ["POST", "/mj/task/list-by-condition", { ids: ["1"] }],
  ["GET", "/mj/task/1/fetch", undefined],
  ["POST", "/suno/submit/music", { prompt: "song", mv: "chirp-v3-5" }],
  ["POST", "/suno/fetch", { ids: ["1"] }],
  ["GET", "/suno/fetch/1", undefined],
].map(([method, p, template]) => ({
  method: method as string,
  path: p as string,
  body: method === "POST",
  template,
  relay: true,
}));

const QUERY_KEYS = [
  "p",
  "page_size",
  "size",
  "keyword",
  "status",
  "statuses",
  "type",
  "types",
  "id",
  "token",
  "group",
  "model",
  "model_name",
  "start_timestamp",
  "end_timestamp",
  "tag",
  "username",
  "channel",
  "order",
  "key",
  "code",
];
const FIELD_KEYS = [
  "key",
  "value",
  "id",
  "ids",
  "name",
  "username",
  "display_name",
  "email",
  "status",
  "quota",
  "group",
  "models",
  "type",
  "base_url",
  "remain_quota",
  "expired_time",
  "count",
  "action",
  "code",
  "tag",
  "title",
  "content",
  "model_mapping",
  "priority",
  "weight",
  "amount",
  "top_up_code",
  "unlimited_quota",
  "__proto__",
  "constructor",
];
const CONTENT_TYPES = [
  "text/plain",
  "multipart/form-data",
  "multipart/form-data; boundary=x",
  "application/x-www-form-urlencoded",
  "application/json; charset=utf-16",
  "application/xml",
  "",
];

const enc = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return "%ED%A0%80"; // a lone surrogate cannot be UTF-8 encoded: send its raw (invalid) bytes
  }
};

/** A hostile value for a path segment ([id], model names, task ids). */
function hostileSegment(r: Rng): string {
  const v = r.pick([
    ...HOSTILE_STRINGS,
    ...HOSTILE_NUMBERS.map(String),
    ...PROTOTYPE_NAMES,
    "%E0%A4%A",
    "%",
    "x".repeat(5000),
  ]);
  return v === "" ? "%20" : v.startsWith("%") ? v : enc(v);
}

function hostileQuery(r: Rng): string {
  const parts: string[] = [];
  for (let i = r.int(4); i >= 0; i--) {
    const k = r.pick(QUERY_KEYS);
    const v =
      r.next() < 0.15
        ? r.pick(["%", "%E0%A4%A", "%ED%A0%80", "%00", "%FF%FE"])
        : enc(String(r.pick([...HOSTILE_STRINGS, ...HOSTILE_NUMBERS])));
    parts.push(`${k}=${v}`);
  }
  if (r.next() < 0.1)
    parts.push(`p=${r.pick(["-1", "1e300", "99999999999999", "NaN"])}&page_size=${r.pick(["0", "1e9", "-5"])}`);
  return parts.join("&");
}

/** A body object with well-known field names and hostile values (console routes have no template). */
function hostileObject(r: Rng, huge: boolean): unknown {
  const out: Record<string, unknown> = {};
  for (let i = 1 + r.int(4); i > 0; i--) {
    const k = r.pick(FIELD_KEYS);
    if (k === "__proto__")
      Object.defineProperty(out, k, { value: { isAdmin: true }, enumerable: true, configurable: true, writable: true });
    else out[k] = hostileValue(r, huge);
  }
  return out;
}

/** One hostile request for target as role; everything derives from r. */
export function generate(r: Rng, index: number, target: Target, role: Role): FuzzRequest {
  const huge = r.next() < 0.04;
  let p = target.path.replace(/\[\.\.\.[^\]]+\]|\[[^\]]+\]/g, () => hostileSegment(r));
  if (target.relay && r.next() < 0.15) p = p.replace(/fz-chat|\/1\b/, "/" + hostileSegment(r));
  if (r.next() < (target.method === "GET" ? 0.8 : 0.25)) p += "?" + hostileQuery(r);
  const headers: Record<string, string> = {};
  if (r.next() < 0.03) headers["x-fuzz-padding"] = "a".repeat(20_000 + r.int(40_000));
  let body: string | Uint8Array | undefined;
  if (target.body || (target.method !== "GET" && r.next() < 0.3)) {
    headers["content-type"] = "application/json";
    const roll = r.next();
    let value: unknown;
    if (target.template !== undefined && roll < 0.6) value = mutate(r, target.template, huge);
    else if (roll < 0.8) value = hostileObject(r, huge);
    else value = hostileValue(r, huge);
    if (r.next() < 0.15) value = withPrototypeNames(r, value);
    body = JSON.stringify(value) ?? "null";
    const shape = r.next();
    if (shape < 0.05) body = withDuplicateKey(body, r.pick(FIELD_KEYS), hostileValue(r));
    else if (shape < 0.1)
      body = Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}')]);
    else if (shape < 0.13) body = "";
    else if (shape < 0.16) body = body.slice(0, Math.max(1, body.length >> 1));
    else if (shape < 0.18) body = `{"messages":${"[".repeat(50_000)}${"]".repeat(50_000)}}`;
    if (r.next() < 0.08) headers["content-type"] = r.pick(CONTENT_TYPES);
  }
  return { index, role, method: target.method, path: p, headers, body };
}

/** Sends one request to the gateway at `base` as its role (relay key or session); its status and time. */
export async function sendFuzz(
  base: string,
  auth: { key: string; cookies: Record<Role, string> },
  req: FuzzRequest,
): Promise<{ status: number; ms: number }> {
  const headers: Record<string, string> = { ...req.headers };
  if (req.role === "relay") headers.authorization = `Bearer ${auth.key}`;
  else if (req.role !== "anonymous") headers.cookie = auth.cookies[req.role];
  const t0 = performance.now();
  const res = await fetch(`${base}${req.path}`, {
    method: req.method,
    headers,
    body: typeof req.body === "string" || !req.body ? req.body : (new Uint8Array(req.body) as Uint8Array<ArrayBuffer>),
    signal: AbortSignal.timeout(15_000),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - t0 };
}

/** A failing request as the report shows it (long headers and bodies cut). */
export function describeRequest(req: FuzzRequest): string {
  const body =
    req.body === undefined ? "" : typeof req.body === "string" ? req.body : Buffer.from(req.body).toString("latin1");
  const headers = Object.fromEntries(
    Object.entries(req.headers).map(([k, v]) => [k, v.length > 200 ? `<${v.length} chars>` : v]),
  );
  return `#${req.index} as ${req.role}: ${req.method} ${req.path.slice(0, 500)}\nheaders ${JSON.stringify(headers)}\nbody (${body.length} chars) ${body.slice(0, 1500)}`;
}
