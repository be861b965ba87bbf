// Audio and rerank through the official OpenAI SDK (and raw HTTP) against the real server and a
// loopback OpenAI upstream (mock-openai-extra.ts): speech bytes streamed through, multipart uploads
// intact, every call billed exactly (consume log == formula == balance drop); endpoints not served
// answer 501, and multipart bodies are checked for content type and size. Setup in
// endpoints-extra-support.ts; /v1/responses and images are in endpoints-extra-responses-images.test.ts.
import { toFile } from "openai";
import { GROUP, QPU, setUpExtraGateway } from "./endpoints-extra-support";
import { startGateway } from "./gateway";
import { SPEECH_CHUNKS, TRANSCRIPT } from "./mock-openai-extra";

const env = setUpExtraGateway();
const { client, newToken, billed } = env;

describe("audio", () => {
  test("speech: the audio bytes arrive intact, billed by input characters", async () => {
    const t = await newToken();
    const input = "Hello speech";
    const r = await client(t.key).audio.speech.create({ model: "tts-1", voice: "alloy", input });
    expect(r.headers.get("content-type")).toBe("audio/mpeg");
    expect(Buffer.from(await r.arrayBuffer()).equals(Buffer.concat(SPEECH_CHUNKS))).toBe(true);
    expect(env.up.requests.at(-1)!.body.voice).toBe("alloy");
    expect((await billed(t.id)).quota).toBe(Math.round(input.length * 1 * GROUP));
  });

  test("speech bytes are streamed through, not buffered: the first chunk arrives while upstream holds the rest", async () => {
    const t = await newToken();
    const r = await fetch(`${env.gw.url}/v1/audio/speech`, {
      method: "POST",
      headers: { authorization: `Bearer ${t.key}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "gated-tts", voice: "alloy", input: "abc" }),
    });
    const reader = r.body!.getReader();
    const first = await reader.read();
    expect(Buffer.from(first.value!).subarray(0, 4).equals(SPEECH_CHUNKS[0]!)).toBe(true);
    env.up.release();
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
    const rec = env.up.requests.at(-1)!;
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
    expect(env.up.requests.at(-1)!.path).toBe("/v1/audio/translations");
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
    expect(env.up.requests.at(-1)!.body.stream).toBe("true");
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
    fetch(`${env.gw.url}/v1/rerank`, {
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
    expect(env.up.requests.at(-1)!.body.top_n).toBe(2);
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
  ])("%s %s", async (method, path) => {
    const t = await newToken();
    const r = await fetch(`${env.gw.url}${path}`, { method, headers: { authorization: `Bearer ${t.key}` } });
    expect(r.status).toBe(501);
    const j = (await r.json()) as { error: { type: string; code: string; message: string } };
    expect(j.error.type).toBe("new_api_error");
    expect(j.error.code).toBe("api_not_implemented");
  });
});

describe("multipart request checks", () => {
  test("a non-multipart body on a multipart endpoint is refused with 400", async () => {
    const t = await newToken();
    const r = await fetch(`${env.gw.url}/v1/audio/transcriptions`, {
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
      await small.createChannel({ name: "c", key: "sk-up", base_url: env.up.url, models: "whisper-1" });
      await small.api("PUT", "/api/option/", { key: "ModelPrice", value: JSON.stringify({ "whisper-1": 0.006 }) });
      const t = await small.createToken();
      const before = env.up.requests.length;
      const form = new FormData();
      form.set("model", "whisper-1");
      form.set("file", new Blob([new Uint8Array(200 * 1024)], { type: "audio/mpeg" }), "big.mp3");
      const r = await fetch(`${small.url}/v1/audio/transcriptions`, {
        method: "POST",
        headers: { authorization: `Bearer ${t.key}` },
        body: form,
      });
      expect(r.status).toBe(413);
      expect(env.up.requests.length).toBe(before);
    } finally {
      await small.stop();
    }
  }, 60_000);
});
