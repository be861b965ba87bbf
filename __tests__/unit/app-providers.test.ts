// Issue 20: the Dify (type 37) and Coze (type 49) converters: OpenAI request -> the platform's request
// (Dify's concatenated query as in new-api, Coze's additional_messages), and the platforms' answers
// (blocking JSON, message lists, event streams cut at odd places) -> OpenAI answers with usage.
import { adapterFor } from "@/relay/vendors";
import { difyBlockingToOpenAI, difyStreamConverter } from "@/relay/vendors/dify/response";
import { toDifyRequest } from "@/relay/vendors/dify/request";
import { cozeMessagesToOpenAI, cozeStreamConverter } from "@/relay/vendors/coze/response";
import { cozeBotId } from "@/relay/vendors/coze/adapter";
import { toCozeRequest } from "@/relay/vendors/coze/request";
import { reframeSse } from "@/relay/vendors/shared/app/response";
import type { AdapterContext } from "@/relay/kernel/adapter";
import type { CachedChannel } from "@/lib/server/cache/channel-cache";

const ids = { id: "chatcmpl-1", model: "m", created: 1 };

async function* cut(text: string, size: number): AsyncIterable<Buffer> {
  const all = Buffer.from(text);
  for (let i = 0; i < all.length; i += size) yield all.subarray(i, i + size);
}

async function collect(it: AsyncIterable<Buffer>): Promise<string> {
  let s = "";
  for await (const b of it) s += b.toString();
  return s;
}

const payloads = (sse: string) =>
  sse
    .split("\n")
    .filter((l) => l.startsWith("data: "))
    .map((l) => l.slice(6));

function ctx(type: number, over: Partial<AdapterContext> = {}, channel: Partial<CachedChannel> = {}): AdapterContext {
  return {
    channel: { id: 1, type, baseUrl: "", other: "", keys: ["k"], ...channel } as CachedChannel,
    key: "app-secret",
    mode: "chat",
    path: "/v1/chat/completions",
    upstreamModel: "dify",
    stream: false,
    ...over,
  };
}

const history = {
  user: "alice",
  messages: [
    { role: "system", content: "Be brief." },
    { role: "user", content: "Hi" },
    { role: "assistant", content: [{ type: "text", text: "Hello." }] },
    {
      role: "user",
      content: [
        { type: "text", text: "What is this?" },
        { type: "image_url", image_url: { url: "https://img.example/cat.png" } },
      ],
    },
  ],
};

test("Dify request: the history concatenated into query (new-api's headings), image URLs as files", () => {
  const r = toDifyRequest(history, true, "fallback");
  expect(r.query).toBe("SYSTEM: \nBe brief.\nUSER: \nHi\nASSISTANT: \nHello.\nUSER: \nWhat is this?\n");
  expect(r).toMatchObject({ inputs: {}, response_mode: "streaming", user: "alice", auto_generate_name: false });
  expect(r.files).toEqual([{ type: "image", transfer_method: "remote_url", url: "https://img.example/cat.png" }]);
  expect(toDifyRequest({ messages: [{ role: "user", content: "x" }] }, false, "fallback")).toMatchObject({
    response_mode: "blocking",
    user: "fallback",
  });
  const inline = {
    messages: [{ role: "user", content: [{ type: "image_url", image_url: { url: "data:image/png;base64,AA" } }] }],
  };
  expect(() => toDifyRequest(inline, false, "u")).toThrow(/http\(s\) URL only/);
});

test("Dify adapter: POST {base}/v1/chat-messages with the app key, chat only", () => {
  const a = adapterFor(37)!;
  const req = a.buildRequest(ctx(37, {}, { baseUrl: "https://dify.example/" }), history);
  expect(req.url).toBe("https://dify.example/v1/chat-messages");
  expect(req.headers.authorization).toBe("Bearer app-secret");
  expect(JSON.parse(req.body as string)).toMatchObject({ response_mode: "blocking", user: "alice" });
  expect(req.decodeBody).toBeDefined();
  expect(a.buildRequest(ctx(37), history).url).toBe("https://api.dify.ai/v1/chat-messages");
  expect(() => a.buildRequest(ctx(37, { mode: "embeddings", path: "/v1/embeddings" }), {})).toThrow(/does not serve/);
});

test("Dify blocking answer -> chat.completion with metadata.usage", () => {
  const out = JSON.parse(
    difyBlockingToOpenAI(
      JSON.stringify({
        event: "message",
        answer: "Hi there",
        conversation_id: "c",
        metadata: { usage: { prompt_tokens: 7, completion_tokens: 3, total_tokens: 10, total_price: "0.1" } },
      }),
      ids,
    ),
  );
  expect(out).toMatchObject({
    object: "chat.completion",
    model: "m",
    choices: [{ message: { role: "assistant", content: "Hi there" }, finish_reason: "stop" }],
    usage: { prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 },
  });
  expect(JSON.parse(difyBlockingToOpenAI('{"answer":"x","metadata":{}}', ids))).not.toHaveProperty("usage");
  expect(() => difyBlockingToOpenAI("<html>", ids)).toThrow(/not JSON/);
});

test("Dify stream: message deltas, workflow/ping events dropped, message_end -> finish + usage + [DONE]", async () => {
  const ev = (o: object) => `data: ${JSON.stringify(o)}\n\n`;
  const body =
    "event: ping\n\n" +
    ev({ event: "workflow_started", data: { workflow_id: "w" } }) +
    ev({ event: "message", answer: "Hel" }) +
    ev({ event: "node_finished", data: {} }) +
    ev({ event: "agent_message", answer: "lo" }) +
    ev({ event: "message_end", metadata: { usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 } } });
  const c = difyStreamConverter(ids);
  const out = await collect(
    reframeSse(
      cut(body, 7),
      (e) => c.push(e.data),
      (h) => c.end(h),
    ),
  );
  const p = payloads(out);
  expect(p.at(-1)).toBe("[DONE]");
  const chunks = p.slice(0, -1).map((x) => JSON.parse(x));
  expect(chunks.map((x) => x.choices[0]?.delta?.content ?? "").join("")).toBe("Hello");
  expect(chunks[0].choices[0].delta.role).toBe("assistant");
  expect(chunks.at(-2).choices[0].finish_reason).toBe("stop");
  expect(chunks.at(-1)).toMatchObject({
    choices: [],
    usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 },
  });
});

test("Dify stream errors: an error event, and a JSON body without events, become an error frame", async () => {
  const c1 = difyStreamConverter(ids);
  const e1 = await collect(
    reframeSse(
      cut(`data: {"event":"error","code":"invalid_param","message":"bad input"}\n\n`, 5),
      (e) => c1.push(e.data),
      (h) => c1.end(h),
    ),
  );
  expect(JSON.parse(payloads(e1)[0]!)).toEqual({
    error: { message: "bad input", type: "upstream_error", code: "invalid_param" },
  });
  const c2 = difyStreamConverter(ids);
  const e2 = await collect(
    reframeSse(
      cut('{"code":"x","message":"App unavailable"}', 4),
      (e) => c2.push(e.data),
      (h) => c2.end(h),
    ),
  );
  expect(JSON.parse(payloads(e2)[0]!).error.message).toBe("App unavailable");
});

test("Coze request: user + assistant turns as additional_messages, images as object_string, system dropped", () => {
  const r = toCozeRequest(history, "7350", false, "fallback");
  expect(r).toMatchObject({ bot_id: "7350", user_id: "alice", stream: false });
  expect(r.additional_messages).toEqual([
    { role: "user", type: "question", content: "Hi", content_type: "text" },
    { role: "assistant", type: "answer", content: "Hello.", content_type: "text" },
    {
      role: "user",
      type: "question",
      content: JSON.stringify([
        { type: "text", text: "What is this?" },
        { type: "image", file_url: "https://img.example/cat.png" },
      ]),
      content_type: "object_string",
    },
  ]);
});

test("Coze bot ID: the channel's other field, else the model name; a bad one fails the attempt", () => {
  expect(cozeBotId({ channel: { other: " 7350 " } as CachedChannel, upstreamModel: "coze" })).toBe("7350");
  expect(cozeBotId({ channel: { other: "" } as CachedChannel, upstreamModel: "7351" })).toBe("7351");
  expect(() => cozeBotId({ channel: { other: "a b/c" } as CachedChannel, upstreamModel: "x" })).toThrow(/bot ID/);
  const req = adapterFor(49)!.buildRequest(ctx(49, { stream: true, upstreamModel: "7351" }), history);
  expect(req.url).toBe("https://api.coze.cn/v3/chat");
  expect(req.headers.authorization).toBe("Bearer app-secret");
  expect(req.decodeStream).toBeDefined();
  const nonStream = adapterFor(49)!.buildRequest(ctx(49, { upstreamModel: "7351" }), history);
  expect(nonStream.finalize).toBeDefined();
  expect(nonStream.decodeBody).toBeDefined();
});

test("Coze stream: answer deltas (reasoning too), completed -> usage; message.completed not repeated", async () => {
  const ev = (event: string, o: object | string) =>
    `event:${event}\ndata:${typeof o === "string" ? o : JSON.stringify(o)}\n\n`;
  const body =
    ev("conversation.chat.created", { id: "c1", status: "created" }) +
    ev("conversation.message.delta", { role: "assistant", type: "answer", content: "", reasoning_content: "think" }) +
    ev("conversation.message.delta", { role: "assistant", type: "answer", content: "Hi " }) +
    ev("conversation.message.delta", { role: "assistant", type: "function_call", content: "{}" }) +
    ev("conversation.message.delta", { role: "assistant", type: "answer", content: "there" }) +
    ev("conversation.message.completed", { role: "assistant", type: "answer", content: "Hi there" }) +
    ev("conversation.chat.completed", {
      id: "c1",
      status: "completed",
      usage: { token_count: 9, output_count: 4, input_count: 5 },
    }) +
    ev("done", '"[DONE]"');
  const c = cozeStreamConverter(ids);
  const out = await collect(
    reframeSse(
      cut(body, 11),
      (e) => c.push(e.event, e.data),
      (h) => c.end(h),
    ),
  );
  const p = payloads(out);
  expect(p.filter((x) => x === "[DONE]")).toHaveLength(1);
  const chunks = p.filter((x) => x !== "[DONE]").map((x) => JSON.parse(x));
  expect(chunks.map((x) => x.choices[0]?.delta?.content ?? "").join("")).toBe("Hi there");
  expect(chunks[0].choices[0].delta).toEqual({ role: "assistant", reasoning_content: "think" });
  expect(chunks.at(-1).usage).toEqual({ prompt_tokens: 5, completion_tokens: 4, total_tokens: 9 });
});

test("Coze stream failures and the non-stream message list", async () => {
  const c = cozeStreamConverter(ids);
  const failed = await collect(
    reframeSse(
      cut(`event:conversation.chat.failed\ndata:{"status":"failed","last_error":{"code":4011,"msg":"quota"}}\n\n`, 9),
      (e) => c.push(e.event, e.data),
      (h) => c.end(h),
    ),
  );
  expect(JSON.parse(payloads(failed)[0]!).error).toMatchObject({ message: "quota", code: "4011" });
  const c2 = cozeStreamConverter(ids);
  const json = await collect(
    reframeSse(
      cut('{"code":4100,"msg":"token invalid"}', 6),
      (e) => c2.push(e.event, e.data),
      (h) => c2.end(h),
    ),
  );
  expect(JSON.parse(payloads(json)[0]!).error).toMatchObject({ message: "token invalid", code: "4100" });

  const list = JSON.stringify({
    code: 0,
    data: [
      { role: "assistant", type: "verbose", content: "{}" },
      { role: "assistant", type: "answer", content: "Final answer" },
      { role: "assistant", type: "follow_up", content: "More?" },
    ],
  });
  const usage = { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 };
  expect(JSON.parse(cozeMessagesToOpenAI(list, ids, usage))).toMatchObject({
    choices: [{ message: { content: "Final answer" } }],
    usage,
  });
  expect(() => cozeMessagesToOpenAI('{"code":4000,"msg":"bad chat"}', ids, null)).toThrow(/bad chat/);
});
