// Issue 20: Dify (type 37) and Coze (type 49) through the real gateway, against one loopback mock that
// checks what Dify and Coze check: the path, the Bearer key (app key / personal access token), and the
// body shape (Dify: inputs, query, response_mode, user; Coze: bot_id, user_id, additional_messages,
// stream). Dify answers blocking JSON or its SSE events; Coze answers its SSE events (`event:` names),
// or, non-stream, a chat id that must be polled (/v3/chat/retrieve) before its messages are listed.
import http from "node:http";
import { startGateway, type Gateway } from "./gateway";
import { jsonBodyServer, listenLoopback, sendJson } from "@/test-support/upstream/loopback";

const DIFY_KEY = "app-dify-secret";
const COZE_KEY = "pat_coze_secret";
const BOT = "7350123";

type Seen = { method: string; path: string; auth: string; body: Record<string, unknown> };
let gw: Gateway;
let mock: { url: string; close: () => Promise<void> };
const seen: Seen[] = [];
let retrieves = 0;

const sse = (res: http.ServerResponse, frames: string[]) => {
  res.writeHead(200, { "content-type": "text/event-stream" });
  // Frames cut at odd places: the re-framer must reassemble them.
  const all = Buffer.from(frames.join(""));
  for (let i = 0; i < all.length; i += 13) res.write(all.subarray(i, i + 13));
  res.end();
};

function dify(req: http.IncomingMessage, body: Record<string, unknown>, res: http.ServerResponse) {
  if (req.headers.authorization !== `Bearer ${DIFY_KEY}`)
    return sendJson(res, 401, { code: "unauthorized", message: "Access token is invalid", status: 401 });
  if (typeof body.query !== "string" || typeof body.user !== "string" || typeof body.inputs !== "object")
    return sendJson(res, 400, { code: "invalid_param", message: "query, user and inputs are required", status: 400 });
  const usage = { prompt_tokens: 12, completion_tokens: 4, total_tokens: 16, total_price: "0.0001", currency: "USD" };
  if (body.response_mode === "blocking")
    return sendJson(res, 200, {
      event: "message",
      message_id: "m1",
      conversation_id: "c1",
      mode: "chat",
      answer: "Hello from Dify.",
      metadata: { usage },
      created_at: 1705407629,
    });
  const ev = (o: object) => `data: ${JSON.stringify(o)}\n\n`;
  sse(res, [
    "event: ping\n\n",
    ev({ event: "workflow_started", workflow_run_id: "w", data: { id: "w" } }),
    ev({ event: "message", answer: "Hello " }),
    ev({ event: "node_finished", data: { node_type: "llm" } }),
    ev({ event: "message", answer: "stream." }),
    ev({ event: "message_end", metadata: { usage } }),
  ]);
}

function coze(req: http.IncomingMessage, body: Record<string, unknown>, res: http.ServerResponse) {
  const path = req.url ?? "";
  if (req.headers.authorization !== `Bearer ${COZE_KEY}`)
    return sendJson(res, 200, { code: 4100, msg: "token invalid" });
  const ids = "conversation_id=conv1&chat_id=chat1";
  if (path === `/v3/chat/retrieve?${ids}` && req.method === "GET") {
    retrieves++;
    // In progress at the first poll: the gateway must poll again.
    const status = retrieves % 2 === 1 ? "in_progress" : "completed";
    return sendJson(res, 200, {
      code: 0,
      data: {
        id: "chat1",
        conversation_id: "conv1",
        status,
        usage: { token_count: 15, output_count: 5, input_count: 10 },
      },
    });
  }
  if (path === `/v3/chat/message/list?${ids}` && req.method === "GET")
    return sendJson(res, 200, {
      code: 0,
      data: [
        { role: "assistant", type: "answer", content: "Hello from Coze.", content_type: "text" },
        { role: "assistant", type: "follow_up", content: "Anything else?", content_type: "text" },
      ],
    });
  if (path !== "/v3/chat" || req.method !== "POST") return sendJson(res, 404, { code: 404, msg: "no route" });
  const msgs = body.additional_messages as { role?: string; content_type?: string }[] | undefined;
  if (body.bot_id !== BOT || typeof body.user_id !== "string" || !Array.isArray(msgs) || !msgs.length)
    return sendJson(res, 200, { code: 4000, msg: "bot_id, user_id and additional_messages are required" });
  if (!body.stream)
    return sendJson(res, 200, { code: 0, data: { id: "chat1", conversation_id: "conv1", status: "in_progress" } });
  const ev = (event: string, o: object) => `event:${event}\ndata:${JSON.stringify(o)}\n\n`;
  sse(res, [
    ev("conversation.chat.created", { id: "chat1", status: "created" }),
    ev("conversation.message.delta", { role: "assistant", type: "answer", content: "Hi " }),
    ev("conversation.message.delta", { role: "assistant", type: "answer", content: "from Coze." }),
    ev("conversation.message.completed", { role: "assistant", type: "answer", content: "Hi from Coze." }),
    ev("conversation.chat.completed", {
      id: "chat1",
      status: "completed",
      usage: { token_count: 9, output_count: 3, input_count: 6 },
    }),
    'event:done\ndata:"[DONE]"\n\n',
  ]);
}

beforeAll(async () => {
  mock = await listenLoopback(
    jsonBodyServer((req, body, res) => {
      const path = req.url ?? "";
      seen.push({ method: req.method ?? "", path, auth: req.headers.authorization ?? "", body });
      if (path === "/v1/chat-messages") return dify(req, body, res);
      if (path.startsWith("/v3/")) return coze(req, body, res);
      sendJson(res, 404, { message: "unknown path" });
    }),
  );
  gw = await startGateway();
  await gw.api("PUT", "/api/option/", {
    key: "ModelRatio",
    value: JSON.stringify({ dify: 1, coze: 1, "coze-bad": 1 }),
  });
  await gw.createChannel({ type: 37, name: "dify", key: DIFY_KEY, base_url: mock.url, models: "dify" });
  await gw.createChannel({ type: 49, name: "coze", key: COZE_KEY, base_url: mock.url, other: BOT, models: "coze" });
  await gw.createChannel({
    type: 49,
    name: "coze-bad",
    key: "pat_wrong",
    base_url: mock.url,
    other: BOT,
    models: "coze-bad",
  });
}, 180_000);

afterAll(async () => {
  await gw?.stop();
  await mock?.close();
});

let token = "";
async function post(path: string, body: object): Promise<Response> {
  token ||= (await gw.createToken()).key;
  return fetch(`${gw.url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

const history = [
  { role: "system", content: "Be brief." },
  { role: "user", content: "Hi" },
  { role: "assistant", content: "Hello." },
  { role: "user", content: "And now?" },
];

const streamText = (text: string) =>
  text
    .split("\n")
    .filter((l) => l.startsWith("data: {"))
    .map((l) => JSON.parse(l.slice(6)) as { choices?: { delta?: { content?: string } }[]; usage?: unknown });

test("Dify blocking: chat-messages with the app key and the concatenated history; usage from metadata", async () => {
  const r = await post("/v1/chat/completions", { model: "dify", messages: history, user: "alice" });
  expect(r.status).toBe(200);
  const j = (await r.json()) as { choices: { message: { content: string } }[]; usage: Record<string, number> };
  expect(j.choices[0]!.message.content).toBe("Hello from Dify.");
  expect(j.usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 4 });
  const q = seen.at(-1)!;
  expect(q).toMatchObject({ method: "POST", path: "/v1/chat-messages", auth: `Bearer ${DIFY_KEY}` });
  expect(q.body).toEqual({
    inputs: {},
    query: "SYSTEM: \nBe brief.\nUSER: \nHi\nASSISTANT: \nHello.\nUSER: \nAnd now?\n",
    response_mode: "blocking",
    user: "alice",
    auto_generate_name: false,
    files: [],
  });
});

test("Dify streaming: message events become chunks, message_end's usage is reported, [DONE] ends", async () => {
  const r = await post("/v1/chat/completions", {
    model: "dify",
    stream: true,
    stream_options: { include_usage: true },
    messages: [{ role: "user", content: "Hi" }],
  });
  expect(r.status).toBe(200);
  const text = await r.text();
  expect(seen.at(-1)!.body.response_mode).toBe("streaming");
  const chunks = streamText(text);
  expect(chunks.map((c) => c.choices?.[0]?.delta?.content ?? "").join("")).toBe("Hello stream.");
  expect(chunks.at(-1)!.usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 4 });
  expect(text.trimEnd().endsWith("data: [DONE]")).toBe(true);
});

test("an Anthropic Messages client reaches Dify too (converted through the OpenAI pivot)", async () => {
  const r = await post("/v1/messages", { model: "dify", max_tokens: 50, messages: [{ role: "user", content: "Hi" }] });
  expect(r.status).toBe(200);
  const j = (await r.json()) as { content: { text: string }[]; usage: { input_tokens: number } };
  expect(j.content[0]!.text).toBe("Hello from Dify.");
  expect(j.usage.input_tokens).toBe(12);
  expect(seen.at(-1)!.body.query).toBe("USER: \nHi\n");
});

test("Coze streaming: bot_id from the channel, user + assistant turns, deltas and completed usage", async () => {
  const r = await post("/v1/chat/completions", {
    model: "coze",
    stream: true,
    stream_options: { include_usage: true },
    messages: history,
  });
  expect(r.status).toBe(200);
  const text = await r.text();
  const q = seen.at(-1)!;
  expect(q).toMatchObject({ method: "POST", path: "/v3/chat", auth: `Bearer ${COZE_KEY}` });
  expect(q.body).toMatchObject({ bot_id: BOT, stream: true });
  expect(q.body.additional_messages).toEqual([
    { role: "user", type: "question", content: "Hi", content_type: "text" },
    { role: "assistant", type: "answer", content: "Hello.", content_type: "text" },
    { role: "user", type: "question", content: "And now?", content_type: "text" },
  ]);
  const chunks = streamText(text);
  expect(chunks.map((c) => c.choices?.[0]?.delta?.content ?? "").join("")).toBe("Hi from Coze.");
  expect(chunks.at(-1)!.usage).toMatchObject({ prompt_tokens: 6, completion_tokens: 3 });
  expect(text.match(/data: \[DONE\]/g)).toHaveLength(1);
});

test("Coze non-stream: create, poll retrieve until completed, list the answer; usage from the chat", async () => {
  const from = seen.length;
  const r = await post("/v1/chat/completions", { model: "coze", messages: [{ role: "user", content: "Hi" }] });
  expect(r.status).toBe(200);
  const j = (await r.json()) as { choices: { message: { content: string } }[]; usage: Record<string, number> };
  expect(j.choices[0]!.message.content).toBe("Hello from Coze.");
  expect(j.usage).toMatchObject({ prompt_tokens: 10, completion_tokens: 5 });
  const calls = seen.slice(from).map((s) => `${s.method} ${s.path.split("?")[0]}`);
  expect(calls).toEqual([
    "POST /v3/chat",
    "GET /v3/chat/retrieve",
    "GET /v3/chat/retrieve",
    "GET /v3/chat/message/list",
  ]);
  expect(seen.slice(from).every((s) => s.auth === `Bearer ${COZE_KEY}`)).toBe(true);
  expect(seen[from]!.body.stream).toBe(false);
});

test("Coze errors answered as JSON with HTTP 200 fail the call instead of passing as an answer", async () => {
  const r = await post("/v1/chat/completions", { model: "coze-bad", messages: [{ role: "user", content: "Hi" }] });
  expect(r.status).not.toBe(200);
  expect(JSON.stringify(await r.json())).toContain("token invalid");
  const s = await post("/v1/chat/completions", {
    model: "coze-bad",
    stream: true,
    messages: [{ role: "user", content: "Hi" }],
  });
  const text = await s.text();
  // The error frame reaches the client (OpenAI's mid-stream error shape), with no content chunk.
  expect(text).toContain('"error":{"message":"token invalid"');
  expect(text).not.toContain("chat.completion.chunk");
});
