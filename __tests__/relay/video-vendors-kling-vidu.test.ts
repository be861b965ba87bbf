// Video generation on a Kling channel (type 50) end to end, against a loopback Kling that checks every
// call's JWT: the openai SDK's videos.create -> retrieve -> downloadContent (the video fetched from
// Kling's result address, streamed through), Kling's own /kling/v1/videos/{text2video,image2video}
// and their GETs, per-task billing, a failed task refunded once, a refused one charged nothing. Vidu
// (type 52) on the same gateway: "Token" auth, the action chosen by the number of reference images.
// (Veo, Doubao Seedance, Jimeng, Veo on Vertex: video-vendors-veo-ark-jimeng.test.ts; the mocks and
// channels: video-vendors-support.ts.)
import OpenAI from "openai";
import type { Gateway } from "./gateway";
import { KLING_VIDEO, type MockKling } from "./mock-kling";
import { VIDU_VIDEO, type MockVidu } from "./mock-vidu";
import { PRICE, START, startVideoBench, videoCalls, VIDU_KEY, type VideoBench } from "./video-vendors-support";

let bench: VideoBench<"kling" | "vidu">;
let gw: Gateway;
let up: MockKling;
let vidu: MockVidu;
const { remain, logsOf, post, get } = videoCalls(() => gw);

beforeAll(async () => {
  bench = await startVideoBench(["kling", "vidu"]);
  ({ gw, kling: up, vidu } = bench);
}, 180_000);
afterAll(() => bench?.stop());

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
