// Video generation on a Kling channel (type 50) end to end, against a loopback Kling that checks every
// call's JWT: the openai SDK's videos.create -> retrieve -> downloadContent (the video fetched from
// Kling's result address, streamed through), Kling's own /kling/v1/videos/{text2video,image2video}
// and their GETs, per-task billing, a failed task refunded once, a refused one charged nothing. Vidu
// (type 52) on the same gateway: "Token" auth, the action chosen by the number of reference images.
// Veo on a Gemini channel (type 24): predictLongRunning, the operation polled, the file downloaded
// through the API's redirect, billed per second. Doubao Seedance (type 54) on Ark: Bearer key, the
// tasks endpoint, billed per task. Jimeng (type 51): every call signed (Volcengine HMAC-SHA256, checked
// by the mock), its own /jimeng/ Action paths and /v1/videos. Veo on Vertex AI (type 41): the
// service-account JWT exchanged for a token (verified by the mock), predictLongRunning and
// fetchPredictOperation, the video answered inline.
import OpenAI from "openai";
import { startGateway, type Gateway } from "./gateway";
import { KLING_VIDEO, startMockKling, type MockKling } from "./mock-kling";
import { startMockVidu, VIDU_VIDEO, type MockVidu } from "./mock-vidu";
import { startMockVeo, VEO_VIDEO, type MockVeo } from "./mock-veo";
import { exportPKCS8, exportSPKI, generateKeyPair } from "jose";
import { startMockVertexVeo, VERTEX_VEO_VIDEO, type MockVertexVeo } from "./mock-vertex-veo";
import { JIMENG_VIDEO, startMockJimeng, type MockJimeng } from "./mock-jimeng";
import { arkTokens, DOUBAO_VIDEO, startMockDoubaoVideo, type MockDoubaoVideo } from "./mock-doubao-video";

const AK = "ak-test-kling";
const SK = "sk-secret-kling-0123456789";
const START = 50_000_000;
const PRICE = Math.round(0.2 * 500_000);

let gw: Gateway;
let up: MockKling;
let vidu: MockVidu;
let veo: MockVeo;
let ark: MockDoubaoVideo;
const ARK_KEY = "ark-key-0123456789";
let jimeng: MockJimeng;
const JM_AK = "AKLTjimeng0123";
const JM_SK = "jimeng-secret-key-456789";
let vertex: MockVertexVeo;
const SA_EMAIL = "veo@proj.iam.gserviceaccount.com";
const VEO_KEY = "AIza-veo-key-0123";
const VIDU_KEY = "vidu-api-key-0123";

const remain = async (id: number) =>
  Number((await gw.sql<{ remainQuota: number }>("select remainQuota from tokens where id = ?", id))[0]!.remainQuota);
/** The token's log rows (type 2 consume, 7 refund) in order. */
const logsOf = (tokenId: number) =>
  gw.sql<{ type: number; quota: number }>("select type, quota from logs where tokenId = ? order by id", tokenId);
/** Veo's bill at 0.4 per second: a 4-second task kept, then one of Veo's default 8 seconds refunded. */
async function expectVeoBilling(tokenId: number) {
  await gw.settle();
  const four = Math.round(0.4 * 500_000 * 4);
  const eight = Math.round(0.4 * 500_000 * 8);
  expect(await logsOf(tokenId)).toEqual([
    { type: 2, quota: four },
    { type: 2, quota: eight },
    { type: 7, quota: eight },
  ]);
  expect(await remain(tokenId)).toBe(START - four);
}
const post = (key: string, path: string, body: unknown) =>
  fetch(`${gw.url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
const get = async <T>(key: string, path: string) =>
  (await (await fetch(`${gw.url}${path}`, { headers: { authorization: `Bearer ${key}` } })).json()) as T;

beforeAll(async () => {
  up = await startMockKling(AK, SK);
  vidu = await startMockVidu(VIDU_KEY);
  veo = await startMockVeo(VEO_KEY);
  ark = await startMockDoubaoVideo(ARK_KEY);
  jimeng = await startMockJimeng(JM_AK, JM_SK);
  const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
  vertex = await startMockVertexVeo(await exportSPKI(publicKey), SA_EMAIL, "proj");
  gw = await startGateway({ env: { TASK_POLL_INTERVAL_MS: "300" } });
  await gw.api("PUT", "/api/option/", {
    key: "ModelPrice",
    value: JSON.stringify({
      "kling-v1": 0.2,
      viduq1: 0.2,
      "veo-3.1-generate-preview": 0.4,
      "doubao-seedance-1-0-pro-250528": 0.2,
      jimeng_vgfm_t2v_l20: 0.2,
      jimeng_wrong_secret: 0.2,
      "veo-3.0-generate-001": 0.4,
    }),
  });
  await gw.createChannel({ type: 50, name: "kling", key: `${AK}|${SK}`, base_url: up.url, models: "kling-v1" });
  await gw.createChannel({ type: 52, name: "vidu", key: VIDU_KEY, base_url: vidu.url, models: "viduq1" });
  await gw.createChannel({
    type: 24,
    name: "veo",
    key: VEO_KEY,
    base_url: veo.url,
    models: "veo-3.1-generate-preview",
  });
  await gw.createChannel({
    type: 54,
    name: "seedance",
    key: ARK_KEY,
    base_url: ark.url,
    models: "doubao-seedance-1-0-pro-250528,doubao-seedance-1-0-lite-t2v",
  });
  const jm = { type: 51, base_url: jimeng.url };
  await gw.createChannel({ ...jm, name: "jimeng", key: `${JM_AK}|${JM_SK}`, models: "jimeng_vgfm_t2v_l20" });
  await gw.createChannel({ ...jm, name: "jimeng-bad", key: `${JM_AK}|not-the-secret`, models: "jimeng_wrong_secret" });
  await gw.createChannel({
    type: 41,
    name: "vertex-veo",
    key: JSON.stringify({
      type: "service_account",
      project_id: "proj",
      client_email: SA_EMAIL,
      private_key: await exportPKCS8(privateKey),
      token_uri: `${vertex.url}/token`,
    }),
    base_url: vertex.url,
    other: "us-central1",
    models: "veo-3.0-generate-001",
  });
}, 180_000);

afterAll(async () => {
  await gw?.stop();
  await up?.close();
  await vidu?.close();
  await veo?.close();
  await ark?.close();
  await jimeng?.close();
  await vertex?.close();
});

test("SDK on a Kling channel: create -> retrieve -> downloadContent, billed per task", async () => {
  const t = await gw.createToken({ unlimited_quota: false, remain_quota: START });
  const client = new OpenAI({ apiKey: t.key, baseURL: `${gw.url}/v1`, maxRetries: 0 });
  const created = await client.videos.create({ model: "kling-v1", prompt: "a red kite", size: "1280x720" });
  expect(created.id).toMatch(/^task_/);
  const sent = up.requests.find((r) => r.method === "POST" && r.body.prompt === "a red kite")!;
  expect(sent.path).toBe("/v1/videos/text2video");
  expect(sent.body).toMatchObject({ model_name: "kling-v1", duration: "5", aspect_ratio: "16:9", mode: "std" });

  await gw.waitFor(async () => (await client.videos.retrieve(created.id)).status === "completed", 20_000);
  const upstreamId = up.ids.at(-1)!;
  expect(up.requests.some((r) => r.method === "GET" && r.path === `/v1/videos/text2video/${upstreamId}`)).toBe(true);
  const content = await client.videos.downloadContent(created.id);
  expect(Buffer.from(await content.arrayBuffer()).equals(KLING_VIDEO)).toBe(true);
  expect(up.requests.at(-1)!.path).toBe(`/files/${upstreamId}.mp4`);

  await gw.settle();
  expect(await remain(t.id)).toBe(START - PRICE);
}, 40_000);

test("Kling's own paths: image2video with its native fields, fetched by its GET", async () => {
  const t = await gw.createToken();
  const r = await post(t.key, "/kling/v1/videos/image2video", {
    model_name: "kling-v1",
    prompt: "the cat jumps",
    image: "https://img.example/cat.png",
    duration: "10",
    mode: "pro",
  });
  expect(r.status).toBe(200);
  const { id } = (await r.json()) as { id: string };
  expect(up.requests.at(-1)).toMatchObject({
    path: "/v1/videos/image2video",
    body: { model_name: "kling-v1", image: "https://img.example/cat.png", duration: "10", mode: "pro" },
  });
  type Dto = { code: string; data: { task_id: string; status: string; action: string; result_url: string } };
  await gw.waitFor(
    async () => (await get<Dto>(t.key, `/kling/v1/videos/image2video/${id}`)).data.status === "SUCCESS",
    20_000,
  );
  const dto = await get<Dto>(t.key, `/kling/v1/videos/image2video/${id}`);
  expect(dto).toMatchObject({ code: "success", data: { task_id: id, action: "generate" } });
  expect(dto.data.result_url).toMatch(new RegExp(`/v1/videos/${id}/content$`));
  expect(JSON.stringify(dto)).not.toContain(up.url);
  expect(up.requests.some((q) => q.path === `/v1/videos/image2video/${up.ids.at(-1)}`)).toBe(true);
}, 30_000);

test("a failed Kling task is refunded once; a refused one charges nothing", async () => {
  const t = await gw.createToken({ unlimited_quota: false, remain_quota: START });
  const r = await post(t.key, "/kling/v1/videos/text2video", { model_name: "kling-v1", prompt: "this will fail" });
  const { id } = (await r.json()) as { id: string };
  type Dto = { data: { status: string; fail_reason: string } };
  await gw.waitFor(
    async () => (await get<Dto>(t.key, `/kling/v1/videos/text2video/${id}`)).data.status === "FAILURE",
    20_000,
  );
  expect((await get<Dto>(t.key, `/kling/v1/videos/text2video/${id}`)).data.fail_reason).toBe("mock kling failure");
  const refused = await post(t.key, "/kling/v1/videos/text2video", { model_name: "kling-v1", prompt: "refuse" });
  expect(refused.status).toBe(400);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toContain("risk control");
  await gw.settle();
  const rows = await logsOf(t.id);
  expect(rows).toEqual([
    { type: 2, quota: PRICE },
    { type: 7, quota: PRICE },
  ]);
  expect(await remain(t.id)).toBe(START);
}, 30_000);

test("Vidu: text to video through the SDK, first-and-last-frame by two images, a failure refunded once", async () => {
  const t = await gw.createToken({ unlimited_quota: false, remain_quota: START });
  const client = new OpenAI({ apiKey: t.key, baseURL: `${gw.url}/v1`, maxRetries: 0 });
  const created = await client.videos.create({ model: "viduq1", prompt: "a lighthouse", size: "720p" as "720x1280" });
  expect(vidu.requests.at(-1)).toMatchObject({
    path: "/ent/v2/text2video",
    headers: { authorization: `Token ${VIDU_KEY}` },
    body: { model: "viduq1", prompt: "a lighthouse", duration: 5, resolution: "720p", images: [] },
  });
  await gw.waitFor(async () => (await client.videos.retrieve(created.id)).status === "completed", 20_000);
  expect(vidu.requests.some((r) => r.path === `/ent/v2/tasks/${vidu.ids.at(-1)}/creations`)).toBe(true);
  const content = await client.videos.downloadContent(created.id);
  expect(Buffer.from(await content.arrayBuffer()).equals(VIDU_VIDEO)).toBe(true);

  const frames = await post(t.key, "/v1/video/generations", {
    model: "viduq1",
    prompt: "this will fail",
    images: ["https://img.example/a.png", "https://img.example/b.png"],
  });
  const { id } = (await frames.json()) as { id: string };
  expect(vidu.requests.at(-1)).toMatchObject({
    path: "/ent/v2/start-end2video",
    body: { images: ["https://img.example/a.png", "https://img.example/b.png"] },
  });
  type Dto = { data: { status: string; fail_reason: string; action: string } };
  await gw.waitFor(
    async () => (await get<Dto>(t.key, `/v1/video/generations/${id}`)).data.status === "FAILURE",
    20_000,
  );
  expect((await get<Dto>(t.key, `/v1/video/generations/${id}`)).data).toMatchObject({
    fail_reason: "AuditSubmitIllegal",
    action: "firstTailGenerate",
  });
  await gw.settle();
  const rows = await logsOf(t.id);
  expect(rows).toEqual([
    { type: 2, quota: PRICE },
    { type: 2, quota: PRICE },
    { type: 7, quota: PRICE },
  ]);
  expect(await remain(t.id)).toBe(START - PRICE);
}, 40_000);

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
