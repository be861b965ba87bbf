// One loopback mock for the native provider dialects of issue 20, checking what the real services
// check: Bedrock Converse recomputes the SigV4 signature with aws4fetch over the received request
// (secret and the expected session token included: an unsigned or different token fails) or wants
// the Bedrock API key as Bearer; Cohere v2 and Ollama check paths, auth and body shape. Answers are
// the vendors' documented JSON, AWS event-stream, SSE and NDJSON shapes.
import http from "node:http";
import { AwsV4Signer } from "aws4fetch";
import { listenLoopback, sendJson } from "./loopback";
import { encodeEventStreamMessage } from "@/relay/vendors/bedrock/stream-framing";

export const AWS = { ak: "ASIAEXAMPLE", sk: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", token: "FwoGZXIvYXdzEXAMPLE" };
export const REGION = "us-west-2";
export const BEDROCK_API_KEY = "ABSKbedrock-api-key";
export const COHERE_KEY = "co-key";

export type Seen = { path: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> };

const awsEvent = (type: string, body: object) =>
  encodeEventStreamMessage(
    { ":event-type": type, ":content-type": "application/json", ":message-type": "event" },
    JSON.stringify({ ...body, p: "abcdefgh" }),
  );

async function sigv4Valid(url: string, req: http.IncomingMessage, raw: string): Promise<boolean> {
  const h = req.headers;
  if (h["x-amz-security-token"] !== AWS.token) return false;
  const signer = new AwsV4Signer({
    url,
    method: "POST",
    headers: { "content-type": String(h["content-type"]), accept: String(h.accept) },
    body: raw,
    accessKeyId: AWS.ak,
    secretAccessKey: AWS.sk,
    sessionToken: AWS.token,
    region: REGION,
    service: "bedrock",
    datetime: String(h["x-amz-date"]),
  });
  return (await signer.sign()).headers.get("authorization") === h.authorization;
}

/** Converse's own checks: content-block arrays, alternating roles starting with user, no model field. */
function converseShapeError(body: Record<string, unknown>): string | null {
  const messages = body.messages as { role?: string; content?: unknown }[] | undefined;
  if (!Array.isArray(messages) || !messages.length) return "messages is required";
  if ("model" in body || "stream" in body) return "extraneous key [model/stream] is not permitted";
  let last = "";
  for (const m of messages) {
    if (!Array.isArray(m.content) || !m.content.length) return "content must be a non-empty list of blocks";
    if (m.role === last) return "roles must alternate";
    last = m.role ?? "";
  }
  return messages[0]!.role === "user" ? null : "A conversation must start with a user message";
}

async function bedrock(url: string, req: http.IncomingMessage, raw: string, res: http.ServerResponse) {
  const auth = req.headers.authorization ?? "";
  const ok = auth.startsWith("Bearer ") ? auth === `Bearer ${BEDROCK_API_KEY}` : await sigv4Valid(url, req, raw);
  if (!ok) return sendJson(res, 403, { message: "The request signature we calculated does not match" });
  const body = JSON.parse(raw) as Record<string, unknown>;
  const shape = converseShapeError(body);
  if (shape) return sendJson(res, 400, { message: shape });
  if (url.endsWith("/converse"))
    return sendJson(res, 200, {
      output: { message: { role: "assistant", content: [{ text: "Hello from Llama." }] } },
      stopReason: "end_turn",
      usage: { inputTokens: 9, outputTokens: 4, totalTokens: 13 },
      metrics: { latencyMs: 5 },
    });
  res.writeHead(200, { "content-type": "application/vnd.amazon.eventstream" });
  const all = Buffer.concat([
    awsEvent("messageStart", { role: "assistant" }),
    awsEvent("contentBlockDelta", { contentBlockIndex: 0, delta: { text: "Hello " } }),
    awsEvent("contentBlockDelta", { contentBlockIndex: 0, delta: { text: "stream." } }),
    awsEvent("contentBlockStop", { contentBlockIndex: 0 }),
    awsEvent("messageStop", { stopReason: "end_turn" }),
    awsEvent("metadata", { usage: { inputTokens: 6, outputTokens: 3, totalTokens: 9 }, metrics: { latencyMs: 5 } }),
  ]);
  for (let i = 0; i < all.length; i += 29) res.write(all.subarray(i, i + 29));
  res.end();
}

function cohere(path: string, body: Record<string, unknown>, res: http.ServerResponse) {
  if (path === "/v1/models?page_size=1000")
    return sendJson(res, 200, { models: [{ name: "command-a-03-2025" }, { name: "embed-v4.0" }] });
  if (path === "/v2/embed") {
    const texts = body.texts as unknown[];
    if (!Array.isArray(texts) || typeof body.input_type !== "string")
      return sendJson(res, 400, { message: "invalid request: texts and input_type are required" });
    return sendJson(res, 200, {
      id: "e",
      embeddings: { float: texts.map(() => [0.5, 0.25]) },
      texts,
      meta: { billed_units: { input_tokens: 2 } },
    });
  }
  const messages = body.messages as { role?: string }[] | undefined;
  if (typeof body.model !== "string" || !Array.isArray(messages) || messages.some((m) => !m.role))
    return sendJson(res, 400, { message: "invalid request: model and messages are required" });
  const usage = { billed_units: { input_tokens: 7, output_tokens: 3 }, tokens: { input_tokens: 70, output_tokens: 3 } };
  if (!body.stream)
    return sendJson(res, 200, {
      id: "c",
      finish_reason: "COMPLETE",
      message: { role: "assistant", content: [{ type: "text", text: "Hello from Cohere." }] },
      usage,
    });
  res.writeHead(200, { "content-type": "text/event-stream" });
  const ev = (type: string, o: object) => `event: ${type}\ndata: ${JSON.stringify({ type, ...o })}\n\n`;
  res.end(
    ev("message-start", { id: "c", delta: { message: { role: "assistant" } } }) +
      ev("content-delta", { index: 0, delta: { message: { content: { text: "Cohere " } } } }) +
      ev("content-delta", { index: 0, delta: { message: { content: { text: "stream." } } } }) +
      ev("message-end", { delta: { finish_reason: "COMPLETE", usage } }),
  );
}

function ollama(path: string, body: Record<string, unknown>, res: http.ServerResponse) {
  if (path === "/api/tags")
    return sendJson(res, 200, { models: [{ name: "llama3.1:latest", model: "llama3.1:latest" }] });
  if (path === "/api/embed")
    return sendJson(res, 200, { model: body.model, embeddings: [[0.1, 0.2]], prompt_eval_count: 1 });
  if (typeof body.model !== "string" || !Array.isArray(body.messages))
    return sendJson(res, 400, { error: "model and messages are required" });
  const last = { model: body.model, message: { role: "assistant", content: "" }, done: true, done_reason: "stop" };
  const counts = { prompt_eval_count: 8, eval_count: 2 };
  if (body.stream === false)
    return sendJson(res, 200, { ...last, message: { role: "assistant", content: "Hello from Ollama." }, ...counts });
  res.writeHead(200, { "content-type": "application/x-ndjson" });
  const line = (o: object) => `${JSON.stringify(o)}\n`;
  res.end(
    line({ model: body.model, message: { role: "assistant", content: "Ollama " }, done: false }) +
      line({ model: body.model, message: { role: "assistant", content: "stream." }, done: false }) +
      line({ ...last, ...counts }),
  );
}

export async function startNativeMock() {
  const seen: Seen[] = [];
  let base = "";
  const server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on("data", (c: Buffer) => parts.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(parts).toString();
      const path = req.url ?? "";
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        return sendJson(res, 400, { message: "body is not JSON" });
      }
      seen.push({ path, headers: req.headers, body });
      if (path.startsWith("/model/")) return void bedrock(`${base}${path}`, req, raw, res);
      if (path.startsWith("/api/")) return ollama(path, body, res);
      if (req.headers.authorization !== `Bearer ${COHERE_KEY}`)
        return sendJson(res, 401, { message: "invalid api token" });
      cohere(path, body, res);
    });
  });
  const mock = await listenLoopback(server);
  base = mock.url;
  return { ...mock, seen };
}
