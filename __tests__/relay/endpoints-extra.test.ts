// /v1/responses, images, audio and rerank through the official OpenAI SDK (and raw HTTP) against the
// real server and a loopback OpenAI upstream: answers arrive as the upstream sent them, uploads reach
// the upstream intact, and every call is billed exactly (consume log == formula == balance drop).
import OpenAI, { toFile } from "openai";
import { startGateway, type Gateway } from "./gateway";
import { RESPONSES_USAGE, SPEECH_CHUNKS, startMockExtra, TRANSCRIPT, type MockExtra } from "./mock-openai-extra";

let gw: Gateway;
let up: MockExtra;
const QPU = 500000;
const GROUP = 1.5;
const START = 10_000_000;

const client = (key: string) => new OpenAI({ apiKey: key, baseURL: `${gw.url}/v1`, maxRetries: 0 });
const newToken = () => gw.createToken({ unlimited_quota: false, remain_quota: START });

/** The one consume log of a token, after the bookkeeping flush; also checks the balance dropped by it. */
async function billed(tokenId: number): Promise<{ quota: number; other: Record<string, unknown> }> {
  await gw.waitFor(async () => (await gw.sql("select 1 from logs where tokenId = ? and type = 2", tokenId)).length > 0);
  await gw.settle();
  const logs = await gw.sql<{ quota: number; other: string }>(
    "select quota, other from logs where tokenId = ? and type = 2",
    tokenId,
  );
  expect(logs).toHaveLength(1);
  const [tok] = await gw.sql<{ remainQuota: number }>("select remainQuota from tokens where id = ?", tokenId);
  expect(tok!.remainQuota).toBe(START - logs[0]!.quota);
  return { quota: logs[0]!.quota, other: JSON.parse(logs[0]!.other) as Record<string, unknown> };
}

const option = (key: string, value: unknown) =>
  gw.api("PUT", "/api/option/", { key, value: typeof value === "string" ? value : JSON.stringify(value) });

beforeAll(async () => {
  up = await startMockExtra();
  gw = await startGateway();
  await option("GroupRatio", { default: GROUP, vip: 1, svip: 1 });
  await option("ModelRatio", {
    "resp-model": 2,
    "azure-resp": 2,
    "slow-resp": 2,
    "usage-img": 1,
    "tts-1": 1,
    "gated-tts": 1,
    "compact-model-openai-compact": 1,
    "usage-whisper": 1,
    "rerank-1": 1,
    "nousage-rerank": 1,
  });
  await option("CompletionRatio", {
    "resp-model": 4,
    "azure-resp": 4,
    "slow-resp": 4,
    "usage-img": 2,
    "usage-whisper": 1,
  });
  await option("CacheRatio", { "resp-model": 0.5, "azure-resp": 0.5 });
  await option("ModelPrice", { "dall-e-3": 0.04, "gpt-image-1": 0.02, "edit-mapped": 0.03, "whisper-1": 0.006 });
  await gw.createChannel({
    name: "extra",
    key: "sk-up",
    base_url: up.url,
    models:
      "resp-model,slow-resp,gated-tts,compact-model-openai-compact,dall-e-3,gpt-image-1,usage-img,tts-1,whisper-1,usage-whisper,rerank-1,nousage-rerank",
  });
  await gw.createChannel({
    name: "mapped",
    key: "sk-up",
    base_url: up.url,
    models: "edit-mapped",
    model_mapping: JSON.stringify({ "edit-mapped": "gpt-image-1" }),
  });
  await gw.createChannel({ name: "azure", type: 3, key: "az-key", base_url: up.url, models: "azure-resp" });
}, 180_000);

afterAll(async () => {
  await gw?.stop();
  await up?.close();
});

const RESP_QUOTA = Math.round(
  (RESPONSES_USAGE.input_tokens -
    RESPONSES_USAGE.input_tokens_details.cached_tokens +
    RESPONSES_USAGE.input_tokens_details.cached_tokens * 0.5 +
    RESPONSES_USAGE.output_tokens * 4) *
    2 *
    GROUP,
);

describe("/v1/responses", () => {
  test("non-stream: answered as received and billed from the Responses usage (cached tokens at CacheRatio)", async () => {
    const t = await newToken();
    const r = await client(t.key).responses.create({ model: "resp-model", input: "Say hello", max_output_tokens: 50 });
    expect(r.output_text).toBe("Hello from responses.");
    expect(r.usage?.input_tokens).toBe(20);
    expect(up.requests.at(-1)!.path).toBe("/v1/responses");
    expect(up.requests.at(-1)!.body.input).toBe("Say hello");
    expect((await billed(t.id)).quota).toBe(RESP_QUOTA);
  });

  test("stream: every event arrives with its event name, billed from response.completed", async () => {
    const t = await newToken();
    const stream = await client(t.key).responses.create({ model: "resp-model", input: "Say hello", stream: true });
    const types: string[] = [];
    let text = "";
    for await (const ev of stream) {
      types.push(ev.type);
      if (ev.type === "response.output_text.delta") text += ev.delta;
    }
    expect(types[0]).toBe("response.created");
    expect(types.at(-1)).toBe("response.completed");
    expect(text).toBe("Hello from responses.");
    const { quota, other } = await billed(t.id);
    expect(quota).toBe(RESP_QUOTA);
    expect(other.usage_estimated).toBe(false);
  });

  test("stream: raw frames keep their `event:` lines", async () => {
    const t = await newToken();
    const r = await fetch(`${gw.url}/v1/responses`, {
      method: "POST",
      headers: { authorization: `Bearer ${t.key}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "resp-model", input: "hi", stream: true }),
    });
    const body = await r.text();
    expect(r.headers.get("content-type")).toContain("text/event-stream");
    expect(body).toMatch(/^event: response\.created\ndata: \{/);
    expect(body).toContain("event: response.output_text.delta\ndata: ");
    expect(body).toContain("event: response.completed\ndata: ");
    expect(body).not.toContain("[DONE]");
  });

  test("a client that disconnects mid-stream is billed for what it received", async () => {
    const t = await newToken();
    const abort = new AbortController();
    const r = await fetch(`${gw.url}/v1/responses`, {
      method: "POST",
      headers: { authorization: `Bearer ${t.key}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "slow-resp", input: "count slowly", stream: true }),
      signal: abort.signal,
    });
    const reader = r.body!.getReader();
    let got = "";
    while (!got.includes("word3 ")) got += new TextDecoder().decode((await reader.read()).value);
    abort.abort();
    const { quota, other } = await billed(t.id);
    expect(quota).toBeGreaterThan(0);
    expect(other.usage_estimated).toBe(true);
    expect((other.stream_status as { end_reason: string }).end_reason).toBe("client_gone");
  });

  test("an Azure channel gets the Responses URL outside the deployments tree", async () => {
    const t = await newToken();
    const r = await client(t.key).responses.create({ model: "azure-resp", input: "hi" });
    expect(r.output_text).toBe("Hello from responses.");
    const rec = up.requests.at(-1)!;
    expect(rec.path).toBe("/openai/v1/responses?api-version=preview");
    expect(rec.headers["api-key"]).toBe("az-key");
    expect((await billed(t.id)).quota).toBe(RESP_QUOTA);
  });

  test("/v1/responses/compact is priced as <model>-openai-compact and sent with the plain model", async () => {
    const t = await newToken();
    const r = await fetch(`${gw.url}/v1/responses/compact`, {
      method: "POST",
      headers: { authorization: `Bearer ${t.key}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "compact-model", input: [{ role: "user", content: "long history" }] }),
    });
    expect(r.status).toBe(200);
    expect(((await r.json()) as { object: string }).object).toBe("response.compaction");
    const rec = up.requests.at(-1)!;
    expect(rec.path).toBe("/v1/responses/compact");
    expect(rec.body.model).toBe("compact-model");
    const { quota } = await billed(t.id);
    // CompletionRatio 1 (no entry), ModelRatio 1, cached tokens at CacheRatio 1.
    expect(quota).toBe(Math.round((RESPONSES_USAGE.input_tokens + RESPONSES_USAGE.output_tokens) * GROUP));
  });

  test("input is required", async () => {
    const t = await newToken();
    await expect(client(t.key).responses.create({ model: "resp-model" } as never)).rejects.toMatchObject({
      status: 400,
    });
  });
});

describe("images", () => {
  test("generate n=2 in price mode: ModelPrice × n × GroupRatio", async () => {
    const t = await newToken();
    const r = await client(t.key).images.generate({ model: "dall-e-3", prompt: "a red cat", n: 2 });
    expect(r.data).toHaveLength(2);
    expect(up.requests.at(-1)!.path).toBe("/v1/images/generations");
    const { quota, other } = await billed(t.id);
    expect(quota).toBe(Math.round(0.04 * 2 * GROUP * QPU));
    expect(other.other_ratio).toBe(2);
  });

  test("generate in ratio mode bills the upstream's token usage (covering all images)", async () => {
    const t = await newToken();
    await client(t.key).images.generate({ model: "usage-img", prompt: "a red cat", n: 2 });
    expect((await billed(t.id)).quota).toBe(Math.round((50 + 4000 * 2) * 1 * GROUP));
  });

  test("generate with stream: events arrive, billed from the completed event's usage", async () => {
    const t = await newToken();
    const stream = await client(t.key).images.generate({
      model: "usage-img",
      prompt: "a red cat",
      n: 2,
      stream: true,
      partial_images: 1,
    });
    const types: string[] = [];
    for await (const ev of stream) types.push(ev.type);
    expect(types).toEqual(["image_generation.partial_image", "image_generation.completed"]);
    const { quota, other } = await billed(t.id);
    expect(quota).toBe(Math.round((50 + 4000 * 2) * 1 * GROUP));
    expect(other.other_ratio).toBeUndefined();
  });

  test("edit: the multipart upload reaches the upstream intact, billed per call", async () => {
    const t = await newToken();
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(3000, 9)]);
    const r = await client(t.key).images.edit({
      model: "gpt-image-1",
      image: await toFile(png, "cat.png", { type: "image/png" }),
      prompt: "add a hat",
    });
    expect(r.data).toHaveLength(1);
    const rec = up.requests.at(-1)!;
    expect(rec.path).toBe("/v1/images/edits");
    expect(rec.body.prompt).toBe("add a hat");
    expect(rec.body.model).toBe("gpt-image-1");
    expect(rec.files.image?.name).toBe("cat.png");
    expect(rec.files.image?.bytes.equals(png)).toBe(true);
    expect(rec.headers.authorization).toBe("Bearer sk-up");
    expect((await billed(t.id)).quota).toBe(Math.round(0.02 * GROUP * QPU));
  });

  test("edit through a channel that maps the model: the form is rebuilt with the upstream model, file intact", async () => {
    const t = await newToken();
    const png = Buffer.alloc(2048, 5);
    await client(t.key).images.edit({
      model: "edit-mapped",
      image: await toFile(png, "dog.png", { type: "image/png" }),
      prompt: "add a scarf",
      n: 3,
    });
    const rec = up.requests.at(-1)!;
    expect(rec.body.model).toBe("gpt-image-1");
    expect(rec.body.prompt).toBe("add a scarf");
    expect(rec.body.n).toBe("3");
    expect(rec.files.image?.name).toBe("dog.png");
    expect(rec.files.image?.bytes.equals(png)).toBe(true);
    expect((await billed(t.id)).quota).toBe(Math.round(0.03 * 3 * GROUP * QPU));
  });
});

describe("audio", () => {
  test("speech: the audio bytes arrive intact, billed by input characters", async () => {
    const t = await newToken();
    const input = "Hello speech";
    const r = await client(t.key).audio.speech.create({ model: "tts-1", voice: "alloy", input });
    expect(r.headers.get("content-type")).toBe("audio/mpeg");
    expect(Buffer.from(await r.arrayBuffer()).equals(Buffer.concat(SPEECH_CHUNKS))).toBe(true);
    expect(up.requests.at(-1)!.body.voice).toBe("alloy");
    expect((await billed(t.id)).quota).toBe(Math.round(input.length * 1 * GROUP));
  });

  test("speech bytes are streamed through, not buffered: the first chunk arrives while upstream holds the rest", async () => {
    const t = await newToken();
    const r = await fetch(`${gw.url}/v1/audio/speech`, {
      method: "POST",
      headers: { authorization: `Bearer ${t.key}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "gated-tts", voice: "alloy", input: "abc" }),
    });
    const reader = r.body!.getReader();
    const first = await reader.read();
    expect(Buffer.from(first.value!).subarray(0, 4).equals(SPEECH_CHUNKS[0]!)).toBe(true);
    up.release();
    const rest: Uint8Array[] = [Buffer.from(first.value!)];
    for (let c = await reader.read(); !c.done; c = await reader.read()) rest.push(c.value);
    expect(Buffer.concat(rest).equals(Buffer.concat(SPEECH_CHUNKS))).toBe(true);
    expect((await billed(t.id)).quota).toBe(Math.round(3 * GROUP));
  });

  test("transcription (multipart, price mode)", async () => {
    const t = await newToken();
    const audio = Buffer.alloc(5000, 3);
    const r = await client(t.key).audio.transcriptions.create({
      model: "whisper-1",
      file: await toFile(audio, "a.mp3", { type: "audio/mpeg" }),
    });
    expect(r.text).toBe(TRANSCRIPT);
    const rec = up.requests.at(-1)!;
    expect(rec.path).toBe("/v1/audio/transcriptions");
    expect(rec.files.file?.bytes.equals(audio)).toBe(true);
    expect((await billed(t.id)).quota).toBe(Math.round(0.006 * GROUP * QPU));
  });

  test("translation (multipart, text answer passed through)", async () => {
    const t = await newToken();
    const r = await client(t.key).audio.translations.create({
      model: "whisper-1",
      file: await toFile(Buffer.alloc(100, 1), "b.wav", { type: "audio/wav" }),
      response_format: "text",
    });
    expect(String(r).trim()).toBe(TRANSCRIPT);
    expect(up.requests.at(-1)!.path).toBe("/v1/audio/translations");
    expect((await billed(t.id)).quota).toBe(Math.round(0.006 * GROUP * QPU));
  });

  test("streamed transcription: deltas arrive, billed from the done event's usage", async () => {
    const t = await newToken();
    const stream = await client(t.key).audio.transcriptions.create({
      model: "usage-whisper",
      file: await toFile(Buffer.alloc(100, 1), "d.mp3", { type: "audio/mpeg" }),
      stream: true,
    });
    let text = "";
    for await (const ev of stream) if (ev.type === "transcript.text.delta") text += ev.delta;
    expect(text).toBe(TRANSCRIPT);
    expect(up.requests.at(-1)!.body.stream).toBe("true");
    expect((await billed(t.id)).quota).toBe(Math.round((70 + 9) * GROUP));
  });

  test("transcription in ratio mode bills the upstream's token usage", async () => {
    const t = await newToken();
    await client(t.key).audio.transcriptions.create({
      model: "usage-whisper",
      file: await toFile(Buffer.alloc(100, 1), "c.mp3", { type: "audio/mpeg" }),
    });
    expect((await billed(t.id)).quota).toBe(Math.round((70 + 9) * GROUP));
  });
});

describe("rerank", () => {
  const rerank = (key: string, body: unknown) =>
    fetch(`${gw.url}/v1/rerank`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  test("forwarded and billed from usage.total_tokens", async () => {
    const t = await newToken();
    const r = await rerank(t.key, { model: "rerank-1", query: "cats", documents: ["a cat", "a dog"], top_n: 2 });
    expect(r.status).toBe(200);
    const j = (await r.json()) as { results: unknown[] };
    expect(j.results).toHaveLength(2);
    expect(up.requests.at(-1)!.body.top_n).toBe(2);
    expect((await billed(t.id)).quota).toBe(Math.round(17 * GROUP));
  });

  test("without upstream usage the query and documents are counted locally", async () => {
    const t = await newToken();
    const r = await rerank(t.key, { model: "nousage-rerank", query: "cats", documents: ["a cat", "a dog"] });
    expect(r.status).toBe(200);
    const { quota, other } = await billed(t.id);
    expect(quota).toBeGreaterThan(0);
    expect(other.usage_estimated).toBe(true);
  });

  test("documents are required", async () => {
    const t = await newToken();
    const r = await rerank(t.key, { model: "rerank-1", query: "cats" });
    expect(r.status).toBe(400);
  });
});

describe("endpoints not served answer 501 in the OpenAI shape", () => {
  test.each([
    ["POST", "/v1/images/variations"],
    ["GET", "/v1/files"],
    ["POST", "/v1/files"],
    ["DELETE", "/v1/files/file-1"],
    ["POST", "/v1/fine-tunes"],
    ["POST", "/v1/fine_tuning/jobs"],
    ["DELETE", "/v1/models/gpt-4o"],
    ["GET", "/v1/realtime"],
    ["POST", "/v1/videos"],
    ["POST", "/v1/video/generations"],
  ])("%s %s", async (method, path) => {
    const t = await newToken();
    const r = await fetch(`${gw.url}${path}`, { method, headers: { authorization: `Bearer ${t.key}` } });
    expect(r.status).toBe(501);
    const j = (await r.json()) as { error: { type: string; code: string; message: string } };
    expect(j.error.type).toBe("new_api_error");
    expect(j.error.code).toBe("api_not_implemented");
  });
});

describe("multipart request checks", () => {
  test("a non-multipart body on a multipart endpoint is refused with 400", async () => {
    const t = await newToken();
    const r = await fetch(`${gw.url}/v1/audio/transcriptions`, {
      method: "POST",
      headers: { authorization: `Bearer ${t.key}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "whisper-1" }),
    });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: { code: string } }).error.code).toBe("invalid_content_type");
  });

  test("an upload past RELAY_MAX_BODY_MB is refused with 413 and never reaches the upstream", async () => {
    const small = await startGateway({ env: { RELAY_MAX_BODY_MB: "0.05" } });
    try {
      await small.createChannel({ name: "c", key: "sk-up", base_url: up.url, models: "whisper-1" });
      await small.api("PUT", "/api/option/", { key: "ModelPrice", value: JSON.stringify({ "whisper-1": 0.006 }) });
      const t = await small.createToken();
      const before = up.requests.length;
      const form = new FormData();
      form.set("model", "whisper-1");
      form.set("file", new Blob([new Uint8Array(200 * 1024)], { type: "audio/mpeg" }), "big.mp3");
      const r = await fetch(`${small.url}/v1/audio/transcriptions`, {
        method: "POST",
        headers: { authorization: `Bearer ${t.key}` },
        body: form,
      });
      expect(r.status).toBe(413);
      expect(up.requests.length).toBe(before);
    } finally {
      await small.stop();
    }
  }, 60_000);
});
