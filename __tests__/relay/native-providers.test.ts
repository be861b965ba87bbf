// Issue 20: the native provider dialects through the real gateway, one gateway and one mock
// (native-providers-mock.ts): Bedrock Converse / ConverseStream (SigV4 with a session token verified
// by the mock; a Bedrock API key as Bearer; Claude through Converse by channel setting), Cohere v2
// chat + embed, Ollama native /api/chat. OpenAI, Anthropic and Responses clients are served.
import { startGateway, type Gateway } from "./gateway";
import {
  AWS,
  BEDROCK_API_KEY,
  COHERE_KEY,
  REGION,
  startNativeMock,
} from "@/test-support/upstream/native-providers-mock";

const LLAMA = "meta.llama3-1-70b-instruct-v1:0";
const CLAUDE = "anthropic.claude-3-haiku-20240307-v1:0";
let gw: Gateway;
let mock: Awaited<ReturnType<typeof startNativeMock>>;
let token = "";

beforeAll(async () => {
  mock = await startNativeMock();
  gw = await startGateway();
  const models = ["llama-bedrock", "claude-converse", "command-a", "embed-v4.0", "llama3.1"];
  await gw.api("PUT", "/api/option/", {
    key: "ModelRatio",
    value: JSON.stringify(Object.fromEntries(models.map((m) => [m, 1]))),
  });
  await gw.createChannel({
    type: 33,
    name: "bedrock-sts",
    key: `${AWS.ak}|${AWS.sk}|${AWS.token}|${REGION}`,
    base_url: mock.url,
    models: "llama-bedrock",
    model_mapping: JSON.stringify({ "llama-bedrock": LLAMA }),
  });
  await gw.createChannel({
    type: 33,
    name: "bedrock-apikey",
    key: BEDROCK_API_KEY,
    base_url: mock.url,
    setting: JSON.stringify({ region: REGION, bedrock_api: "converse" }),
    models: "claude-converse",
    model_mapping: JSON.stringify({ "claude-converse": CLAUDE }),
  });
  await gw.createChannel({
    type: 34,
    name: "cohere",
    key: COHERE_KEY,
    base_url: mock.url,
    models: "command-a,embed-v4.0",
  });
  await gw.createChannel({
    type: 4,
    name: "ollama",
    key: "unused",
    base_url: mock.url,
    setting: JSON.stringify({ ollama_api: "native" }),
    models: "llama3.1",
  });
  token = (await gw.createToken()).key;
}, 180_000);

afterAll(async () => {
  await gw?.stop();
  await mock?.close();
});

function post(path: string, body: object, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${gw.url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

const chat = (model: string, stream: boolean, extra: object = {}) =>
  post("/v1/chat/completions", {
    model,
    stream,
    max_tokens: 50,
    messages: [{ role: "user", content: "Hi" }],
    ...extra,
  });

/** The text of an OpenAI SSE stream, and its usage chunk if any. */
async function openaiStream(
  r: Response,
): Promise<{ text: string; usage: Record<string, number> | null; done: boolean }> {
  const body = await r.text();
  let text = "";
  let usage = null;
  for (const line of body.split("\n").filter((l) => l.startsWith("data: {"))) {
    const j = JSON.parse(line.slice(6)) as {
      choices?: { delta?: { content?: string } }[];
      usage?: Record<string, number>;
    };
    text += j.choices?.[0]?.delta?.content ?? "";
    if (j.usage) usage = j.usage;
  }
  return { text, usage, done: body.includes("data: [DONE]") };
}

test("Converse: non-Claude model, SigV4 with the session token signed (mock verifies), Converse body", async () => {
  const r = await chat("llama-bedrock", false, {
    messages: [
      { role: "system", content: "Be brief." },
      { role: "user", content: "Hi" },
    ],
    stop: "END",
  });
  const j = (await r.json()) as { choices: { message: { content: string } }[]; usage: { prompt_tokens: number } };
  expect(r.status).toBe(200);
  expect(j.choices[0]!.message.content).toBe("Hello from Llama.");
  expect(j.usage.prompt_tokens).toBe(9);
  const q = mock.seen.at(-1)!;
  expect(q.path).toBe(`/model/${encodeURIComponent(LLAMA)}/converse`);
  expect(q.headers["x-amz-security-token"]).toBe(AWS.token);
  expect(q.headers.authorization).toMatch(/SignedHeaders=[^,]*x-amz-security-token/);
  expect(q.body).toEqual({
    messages: [{ role: "user", content: [{ text: "Hi" }] }],
    system: [{ text: "Be brief." }],
    inferenceConfig: { maxTokens: 50, stopSequences: ["END"] },
  });
});

test("ConverseStream to an Anthropic client: event-stream frames become Messages SSE events", async () => {
  const r = await post(
    "/v1/messages",
    { model: "llama-bedrock", max_tokens: 30, stream: true, messages: [{ role: "user", content: "Hi" }] },
    { "anthropic-version": "2023-06-01" },
  );
  expect(r.status).toBe(200);
  const body = await r.text();
  expect(mock.seen.at(-1)!.path).toBe(`/model/${encodeURIComponent(LLAMA)}/converse-stream`);
  const text = body
    .split("\n")
    .filter((l) => l.startsWith("data: {"))
    .map((l) => JSON.parse(l.slice(6)) as { type: string; delta?: { text?: string } })
    .filter((e) => e.type === "content_block_delta")
    .map((e) => e.delta?.text ?? "")
    .join("");
  expect(text).toBe("Hello stream.");
  expect(body).toContain("event: message_stop");
});

test("Bedrock API key as Bearer, region from the setting, Claude through Converse when the setting asks", async () => {
  const r = await chat("claude-converse", true, { stream_options: { include_usage: true } });
  expect(r.status).toBe(200);
  const s = await openaiStream(r);
  expect(s).toMatchObject({ text: "Hello stream.", done: true, usage: { prompt_tokens: 6, completion_tokens: 3 } });
  const q = mock.seen.at(-1)!;
  expect(q.path).toBe(`/model/${encodeURIComponent(CLAUDE)}/converse-stream`);
  expect(q.headers.authorization).toBe(`Bearer ${BEDROCK_API_KEY}`);
});

test("Cohere v2: chat JSON and stream, embeddings through /v2/embed with input_type", async () => {
  const r = await chat("command-a", false);
  const j = (await r.json()) as { choices: { message: { content: string } }[]; usage: { prompt_tokens: number } };
  expect([r.status, j.choices[0]!.message.content, j.usage.prompt_tokens]).toEqual([200, "Hello from Cohere.", 7]);
  expect(mock.seen.at(-1)!.path).toBe("/v2/chat");
  expect(mock.seen.at(-1)!.body).toMatchObject({ model: "command-a", stream: false, max_tokens: 50 });

  const s = await openaiStream(await chat("command-a", true));
  expect([s.text, s.done]).toEqual(["Cohere stream.", true]);

  const e = await post("/v1/embeddings", { model: "embed-v4.0", input: ["a", "b"], encoding_format: "float" });
  const ej = (await e.json()) as { data: { embedding: number[] }[]; usage: { prompt_tokens: number } };
  expect(e.status).toBe(200);
  expect(ej.data.map((d) => d.embedding)).toEqual([
    [0.5, 0.25],
    [0.5, 0.25],
  ]);
  expect(mock.seen.at(-1)).toMatchObject({
    path: "/v2/embed",
    body: { input_type: "search_document", texts: ["a", "b"] },
  });
});

test("Ollama native: /api/chat NDJSON stream to an OpenAI client, and a Responses client through the pivot", async () => {
  const s = await openaiStream(await chat("llama3.1", true));
  expect([s.text, s.done]).toEqual(["Ollama stream.", true]);
  expect(mock.seen.at(-1)).toMatchObject({ path: "/api/chat", body: { model: "llama3.1", stream: true } });

  const r = await post("/v1/responses", { model: "llama3.1", input: "Hi" });
  expect(r.status).toBe(200);
  const j = (await r.json()) as { output?: { content?: { text?: string }[] }[] };
  expect(j.output?.flatMap((o) => o.content ?? []).map((c) => c.text)).toContain("Hello from Ollama.");
  expect(mock.seen.at(-1)).toMatchObject({ path: "/api/chat", body: { stream: false } });
});
