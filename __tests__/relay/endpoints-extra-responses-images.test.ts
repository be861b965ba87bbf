// /v1/responses and images through the official OpenAI SDK (and raw HTTP) against the real server and a
// loopback OpenAI upstream (mock-openai-extra.ts): answers and stream events arrive as the upstream sent
// them, Azure and compact URLs, multipart image edits reach the upstream intact, and every call is
// billed exactly (consume log == formula == balance drop). Setup in endpoints-extra-support.ts; audio,
// rerank, 501s and multipart checks are in endpoints-extra-audio-rerank.test.ts.
import { toFile } from "openai";
import { GROUP, QPU, setUpExtraGateway } from "./endpoints-extra-support";
import { RESPONSES_USAGE } from "./mock-openai-extra";

const env = setUpExtraGateway();
const { client, newToken, billed } = env;

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
    expect(env.up.requests.at(-1)!.path).toBe("/v1/responses");
    expect(env.up.requests.at(-1)!.body.input).toBe("Say hello");
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
    const r = await fetch(`${env.gw.url}/v1/responses`, {
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
    const r = await fetch(`${env.gw.url}/v1/responses`, {
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
    const rec = env.up.requests.at(-1)!;
    expect(rec.path).toBe("/openai/v1/responses?api-version=preview");
    expect(rec.headers["api-key"]).toBe("az-key");
    expect((await billed(t.id)).quota).toBe(RESP_QUOTA);
  });

  test("/v1/responses/compact is priced as <model>-openai-compact and sent with the plain model", async () => {
    const t = await newToken();
    const r = await fetch(`${env.gw.url}/v1/responses/compact`, {
      method: "POST",
      headers: { authorization: `Bearer ${t.key}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "compact-model", input: [{ role: "user", content: "long history" }] }),
    });
    expect(r.status).toBe(200);
    expect(((await r.json()) as { object: string }).object).toBe("response.compaction");
    const rec = env.up.requests.at(-1)!;
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
    expect(env.up.requests.at(-1)!.path).toBe("/v1/images/generations");
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
    const rec = env.up.requests.at(-1)!;
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
    const rec = env.up.requests.at(-1)!;
    expect(rec.body.model).toBe("gpt-image-1");
    expect(rec.body.prompt).toBe("add a scarf");
    expect(rec.body.n).toBe("3");
    expect(rec.files.image?.name).toBe("dog.png");
    expect(rec.files.image?.bytes.equals(png)).toBe(true);
    expect((await billed(t.id)).quota).toBe(Math.round(0.03 * 3 * GROUP * QPU));
  });
});
