// Video generation on the other vendors, each against a loopback mock that checks its auth: Veo on a
// Gemini channel (type 24): predictLongRunning, the operation polled, the file downloaded through the
// API's redirect, billed per second. Doubao Seedance (type 54) on Ark: Bearer key, the tasks endpoint,
// billed per task, or settled by Ark's usage tokens on a ratio-priced model. Jimeng (type 51): every
// call signed (Volcengine HMAC-SHA256, checked by the mock), its own /jimeng/ Action paths and
// /v1/videos. Veo on Vertex AI (type 41): the service-account JWT exchanged for a token (verified by
// the mock), predictLongRunning and fetchPredictOperation, the video answered inline. (Kling and Vidu:
// video-vendors-kling-vidu.test.ts; the mocks and channels: video-vendors-support.ts.)
import OpenAI from "openai";
import type { Gateway } from "./gateway";
import { arkTokens, DOUBAO_VIDEO, type MockDoubaoVideo } from "./mock-doubao-video";
import { JIMENG_VIDEO, type MockJimeng } from "./mock-jimeng";
import { VEO_VIDEO, type MockVeo } from "./mock-veo";
import { VERTEX_VEO_VIDEO, type MockVertexVeo } from "./mock-vertex-veo";
import { ARK_KEY, PRICE, START, startVideoBench, VEO_KEY, videoCalls, type VideoBench } from "./video-vendors-support";

let bench: VideoBench<"veo" | "ark" | "jimeng" | "vertex">;
let gw: Gateway;
let veo: MockVeo;
let ark: MockDoubaoVideo;
let jimeng: MockJimeng;
let vertex: MockVertexVeo;
const { remain, logsOf, post, get, expectVeoBilling } = videoCalls(() => gw);

beforeAll(async () => {
  bench = await startVideoBench(["veo", "ark", "jimeng", "vertex"]);
  ({ gw, veo, ark, jimeng, vertex } = bench);
}, 180_000);
afterAll(() => bench?.stop());

test("Veo on a Gemini channel: predictLongRunning, the operation polled, the file downloaded, per second", async () => {
  const t = await gw.createToken({ unlimited_quota: false, remain_quota: START });
  const client = new OpenAI({ apiKey: t.key, baseURL: `${gw.url}/v1`, maxRetries: 0 });
  const created = await client.videos.create({
    model: "veo-3.1-generate-preview",
    prompt: "a glacier",
    seconds: "4",
    size: "1280x720",
  });
  expect(veo.requests.at(-1)).toMatchObject({
    path: "/v1beta/models/veo-3.1-generate-preview:predictLongRunning",
    headers: { "x-goog-api-key": VEO_KEY },
    body: {
      instances: [{ prompt: "a glacier" }],
      parameters: { sampleCount: 1, durationSeconds: 4, resolution: "720p", aspectRatio: "16:9" },
    },
  });
  await gw.waitFor(async () => (await client.videos.retrieve(created.id)).status === "completed", 20_000);
  expect(
    veo.requests.some(
      (r) => r.method === "GET" && /^\/v1beta\/models\/veo-3\.1-generate-preview\/operations\//.test(r.path),
    ),
  ).toBe(true);
  const bytes = Buffer.from(await (await client.videos.downloadContent(created.id)).arrayBuffer());
  expect(bytes.equals(VEO_VIDEO)).toBe(true);
  // The key went to the API's download, not to the storage address it redirected to.
  const [download, storage] = veo.requests.slice(-2);
  expect([download!.path.endsWith(":download"), download!.headers["x-goog-api-key"]]).toEqual([true, VEO_KEY]);
  expect([storage!.path.startsWith("/storage/"), storage!.headers["x-goog-api-key"]]).toEqual([true, undefined]);

  const failed = await client.videos.create({ model: "veo-3.1-generate-preview", prompt: "this will fail" });
  await gw.waitFor(async () => (await client.videos.retrieve(failed.id)).status === "failed", 20_000);
  expect((await client.videos.retrieve(failed.id)).error?.message).toBe("mock veo failure");
  await expectVeoBilling(t.id);
}, 40_000);

test("Doubao Seedance on Ark: SDK create -> poll -> download, new-api's route with images, a failure refunded once", async () => {
  const t = await gw.createToken({ unlimited_quota: false, remain_quota: START });
  const client = new OpenAI({ apiKey: t.key, baseURL: `${gw.url}/v1`, maxRetries: 0 });
  const model = "doubao-seedance-1-0-pro-250528";
  const created = await client.videos.create({ model, prompt: "a paper boat", seconds: "5" as "4" });
  expect(ark.requests.at(-1)).toMatchObject({
    method: "POST",
    path: "/api/v3/contents/generations/tasks",
    headers: { authorization: `Bearer ${ARK_KEY}` },
    body: { model, content: [{ type: "text", text: "a paper boat" }], duration: 5 },
  });
  await gw.waitFor(async () => (await client.videos.retrieve(created.id)).status === "completed", 20_000);
  expect(ark.requests.some((r) => r.path === `/api/v3/contents/generations/tasks/${ark.ids.at(-1)}`)).toBe(true);
  const bytes = Buffer.from(await (await client.videos.downloadContent(created.id)).arrayBuffer());
  expect(bytes.equals(DOUBAO_VIDEO)).toBe(true);

  const r = await post(t.key, "/v1/video/generations", {
    model,
    prompt: "this will fail",
    images: ["https://img.example/first.png"],
    metadata: { ratio: "16:9", watermark: false, not_an_ark_field: 1 },
  });
  expect(r.status).toBe(200);
  const { id } = (await r.json()) as { id: string };
  const sent = ark.requests.at(-1)!;
  expect(sent.body).toEqual({
    model,
    content: [
      { type: "text", text: "this will fail" },
      { type: "image_url", image_url: { url: "https://img.example/first.png" } },
    ],
    ratio: "16:9",
    watermark: false,
  });
  type Dto = { data: { status: string; fail_reason: string; action: string } };
  await gw.waitFor(
    async () => (await get<Dto>(t.key, `/v1/video/generations/${id}`)).data.status === "FAILURE",
    20_000,
  );
  expect((await get<Dto>(t.key, `/v1/video/generations/${id}`)).data).toMatchObject({
    fail_reason: "mock ark failure",
    action: "generate",
  });
  const refused = await post(t.key, "/v1/videos", { model, prompt: "refuse this" });
  expect(refused.status).toBe(400);
  await gw.settle();
  const rows = await logsOf(t.id);
  expect(rows).toEqual([
    { type: 2, quota: PRICE },
    { type: 2, quota: PRICE },
    { type: 7, quota: PRICE },
  ]);
  expect(await remain(t.id)).toBe(START - PRICE);
}, 40_000);

test("Jimeng: signed calls, the SDK's create -> poll -> download, its own /jimeng/ Actions, a failure refunded once", async () => {
  const t = await gw.createToken({ unlimited_quota: false, remain_quota: START });
  const client = new OpenAI({ apiKey: t.key, baseURL: `${gw.url}/v1`, maxRetries: 0 });
  const created = await client.videos.create({ model: "jimeng_vgfm_t2v_l20", prompt: "a koi pond", size: "720x1280" });
  expect(jimeng.requests.at(-1)).toMatchObject({
    path: "/",
    query: { Action: "CVSync2AsyncSubmitTask", Version: "2022-08-31" },
    body: { req_key: "jimeng_vgfm_t2v_l20", prompt: "a koi pond", frames: 121, seed: -1, aspect_ratio: "9:16" },
  });
  await gw.waitFor(async () => (await client.videos.retrieve(created.id)).status === "completed", 20_000);
  expect(jimeng.requests.find((r) => r.query.Action === "CVSync2AsyncGetResult")!.body).toEqual({
    req_key: "jimeng_vgfm_t2v_l20",
    task_id: jimeng.ids[0],
  });
  const bytes = Buffer.from(await (await client.videos.downloadContent(created.id)).arrayBuffer());
  expect(bytes.equals(JIMENG_VIDEO)).toBe(true);

  const native = {
    req_key: "jimeng_vgfm_t2v_l20",
    prompt: "this will fail",
    image_urls: ["https://img.example/first.png", "https://img.example/last.png"],
    frames: 241,
  };
  const r = await post(t.key, "/jimeng/?Action=CVSync2AsyncSubmitTask&Version=2022-08-31", native);
  expect(r.status).toBe(200);
  const { id } = (await r.json()) as { id: string };
  expect(id).toMatch(/^task_/);
  expect(jimeng.requests.at(-1)!.body).toMatchObject(native);
  type Dto = { code: string; data: { status: string; fail_reason: string; action: string } };
  const result = async () =>
    (await (
      await post(t.key, "/jimeng/?Action=CVSync2AsyncGetResult&Version=2022-08-31", { task_id: id })
    ).json()) as Dto;
  await gw.waitFor(async () => (await result()).data.status === "FAILURE", 20_000);
  expect((await result()).data).toMatchObject({ fail_reason: "Text Risk Not Pass", action: "firstTailGenerate" });

  const refused = await post(t.key, "/v1/videos", { model: "jimeng_vgfm_t2v_l20", prompt: "refuse" });
  expect(refused.status).toBe(400);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toContain("Pre Img Risk Not Pass");
  // A wrong secret: the mock refuses the signature, the client gets a gateway error, nothing is charged.
  const unsigned = await post(t.key, "/v1/videos", { model: "jimeng_wrong_secret", prompt: "a koi" });
  expect(unsigned.status).toBe(502);
  const unknown = await post(t.key, "/jimeng/?Action=Nope", { req_key: "jimeng_vgfm_t2v_l20" });
  expect(unknown.status).toBe(400);
  await gw.settle();
  const rows = await logsOf(t.id);
  expect(rows).toEqual([
    { type: 2, quota: PRICE },
    { type: 2, quota: PRICE },
    { type: 7, quota: PRICE },
  ]);
  expect(await remain(t.id)).toBe(START - PRICE);
}, 40_000);

test("Veo on Vertex: token from the service-account JWT, predictLongRunning, fetchPredictOperation, inline video", async () => {
  const t = await gw.createToken({ unlimited_quota: false, remain_quota: START });
  const client = new OpenAI({ apiKey: t.key, baseURL: `${gw.url}/v1`, maxRetries: 0 });
  const model = "veo-3.0-generate-001";
  const created = await client.videos.create({ model, prompt: "a desert road", seconds: "4", size: "1280x720" });
  const modelPath = `/v1/projects/proj/locations/us-central1/publishers/google/models/${model}`;
  expect(vertex.requests.at(-1)).toMatchObject({
    path: `${modelPath}:predictLongRunning`,
    body: {
      instances: [{ prompt: "a desert road" }],
      parameters: { sampleCount: 1, durationSeconds: 4, resolution: "720p", aspectRatio: "16:9" },
    },
  });
  await gw.waitFor(async () => (await client.videos.retrieve(created.id)).status === "completed", 20_000);
  const fetched = vertex.requests.find((r) => r.path === `${modelPath}:fetchPredictOperation`)!;
  expect(fetched.body.operationName).toMatch(new RegExp(`^projects/proj/locations/us-central1/.+/operations/op1`));
  const bytes = Buffer.from(await (await client.videos.downloadContent(created.id)).arrayBuffer());
  expect(bytes.equals(VERTEX_VEO_VIDEO)).toBe(true);
  // The retrieve shows neither the inline video nor the operation's name.
  const shown = JSON.stringify(await client.videos.retrieve(created.id));
  expect(shown).not.toContain(VERTEX_VEO_VIDEO.toString("base64").slice(0, 40));
  expect(shown).not.toContain("operations/");

  const failed = await client.videos.create({ model, prompt: "this will fail" });
  await gw.waitFor(async () => (await client.videos.retrieve(failed.id)).status === "failed", 20_000);
  expect((await client.videos.retrieve(failed.id)).error?.message).toBe("mock vertex veo failure");
  expect(vertex.exchanges()).toBe(1);
  await expectVeoBilling(t.id);
}, 40_000);

test("Doubao Seedance on a ratio-priced model: reserved ratio / 2, settled once by Ark's usage tokens, up or down", async () => {
  const model = "doubao-seedance-1-0-lite-t2v";
  const ratio = 0.01;
  await gw.api("PUT", "/api/option/", { key: "ModelRatio", value: JSON.stringify({ [model]: ratio }) });
  const t = await gw.createToken({ unlimited_quota: false, remain_quota: START });
  const client = new OpenAI({ apiKey: t.key, baseURL: `${gw.url}/v1`, maxRetries: 0 });
  const short = await client.videos.create({ model, prompt: "a short clip" });
  const long = await client.videos.create({ model, prompt: "a long clip" });
  for (const id of [short.id, long.id])
    await gw.waitFor(async () => (await client.videos.retrieve(id)).status === "completed", 20_000);
  await gw.settle();
  const reserved = Math.round((ratio / 2) * 500_000);
  const lower = Math.trunc(arkTokens("a short clip") * ratio);
  const higher = Math.trunc(arkTokens("a long clip") * ratio);
  expect(lower).toBeLessThan(reserved);
  expect(higher).toBeGreaterThan(reserved);
  const rows = await logsOf(t.id);
  expect(rows.slice(0, 2)).toEqual([
    { type: 2, quota: reserved },
    { type: 2, quota: reserved },
  ]);
  expect(rows.slice(2).sort((a, b) => a.type - b.type)).toEqual([
    { type: 2, quota: higher - reserved },
    { type: 7, quota: reserved - lower },
  ]);
  expect(await remain(t.id)).toBe(START - lower - higher);
  const quotas = await gw.sql<{ quota: number }>("select quota from tasks where tokenId = ? order by id", t.id);
  expect(quotas.map((q) => Number(q.quota))).toEqual([lower, higher]);
}, 40_000);
