// Video generation through the gateway on a Sora channel (type 55), end to end: the official openai
// SDK's videos.create (multipart with an input_reference image) -> retrieve until completed ->
// downloadContent streamed through; new-api's /v1/video/generations; remix; the caller's own list;
// billing per task × seconds × resolution; a failed task refunded exactly once (Σ logs == ledger);
// another user's task id refused; hostile bodies and ids answered 4xx in OpenAI's error shape.
import OpenAI, { toFile } from "openai";
import { startGateway, type Gateway } from "./gateway";
import { startMockVideo, VIDEO_BYTES, videoByte, type MockVideo } from "./mock-video";
import { PNG } from "./mock-midjourney";
import { sendChunked } from "@/test-support/chunked-upload";

const KEY = "sk-sora-upstream-secret-0123";
const START = 50_000_000;
const PER_UNIT = 500_000;

let gw: Gateway;
let up: MockVideo;

const sdk = (key: string) => new OpenAI({ apiKey: key, baseURL: `${gw.url}/v1`, maxRetries: 0 });
const remain = async (id: number) =>
  Number((await gw.sql<{ remainQuota: number }>("select remainQuota from tokens where id = ?", id))[0]!.remainQuota);
const call = (key: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${gw.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });

async function untilDone(client: OpenAI, id: string) {
  let v = await client.videos.retrieve(id);
  await gw.waitFor(async () => {
    v = await client.videos.retrieve(id);
    return v.status === "completed" || v.status === "failed";
  }, 20_000);
  return v;
}

beforeAll(async () => {
  up = await startMockVideo({ key: KEY });
  gw = await startGateway({ env: { TASK_POLL_INTERVAL_MS: "300", RELAY_MAX_BODY_MB: "4" } });
  await gw.createChannel({ type: 55, name: "sora", key: KEY, base_url: up.url, models: "sora-2,sora-2-pro" });
  // Azure OpenAI serves the same API under /openai/v1/videos with an api-key header (its deployment
  // name through the model mapping).
  await gw.api("PUT", "/api/option/", { key: "ModelPrice", value: JSON.stringify({ "sora-azure": 0.3 }) });
  await gw.createChannel({
    type: 3,
    name: "azure-sora",
    key: KEY,
    base_url: up.url,
    other: "preview",
    models: "sora-azure",
    model_mapping: JSON.stringify({ "sora-azure": "sora-2" }),
  });
}, 180_000);

afterAll(async () => {
  await gw?.stop();
  await up?.close();
});

test("SDK: create with a reference image -> retrieve -> downloadContent, billed per task x seconds x size", async () => {
  const t = await gw.createToken({ unlimited_quota: false, remain_quota: START });
  const client = sdk(t.key);
  const created = await client.videos.create({
    model: "sora-2-pro",
    prompt: "a fox in the snow",
    seconds: "8",
    size: "1792x1024",
    input_reference: await toFile(PNG, "ref.png", { type: "image/png" }),
  });
  expect(created.id).toMatch(/^task_[A-Za-z0-9]{32}$/);
  expect(created).toMatchObject({
    object: "video",
    model: "sora-2-pro",
    status: "queued",
    seconds: "8",
    size: "1792x1024",
  });

  const sent = up.requests.find((r) => r.method === "POST" && r.fields.prompt === "a fox in the snow")!;
  expect(sent.path).toBe("/v1/videos");
  expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
  expect(sent.contentType).toMatch(/^multipart\/form-data; boundary=/);
  expect(sent.fields).toMatchObject({ model: "sora-2-pro", seconds: "8", size: "1792x1024" });
  expect(sent.files).toEqual([
    expect.objectContaining({ field: "input_reference", name: "ref.png", type: "image/png", size: PNG.length }),
  ]);
  const upstreamId = up.ids.at(-1)!;

  const done = await untilDone(client, created.id);
  expect(done).toMatchObject({ id: created.id, status: "completed", progress: 100, error: null });
  // The upstream's id is never shown; retrieves asked the upstream with its own id.
  expect(JSON.stringify(done)).not.toContain(upstreamId);
  expect(up.requests.some((r) => r.method === "GET" && r.path === `/v1/videos/${upstreamId}`)).toBe(true);
  expect(up.requests.some((r) => r.path.includes(created.id))).toBe(false);

  const content = await client.videos.downloadContent(created.id);
  expect(content.headers.get("content-type")).toBe("video/mp4");
  expect(Number(content.headers.get("content-length"))).toBe(VIDEO_BYTES);
  expect(content.headers.get("x-upstream-secret")).toBeNull();
  const bytes = Buffer.from(await content.arrayBuffer());
  expect(bytes.length).toBe(VIDEO_BYTES);
  expect([bytes[0], bytes[123_457], bytes[VIDEO_BYTES - 1]]).toEqual([
    videoByte(0),
    videoByte(123_457),
    videoByte(VIDEO_BYTES - 1),
  ]);

  const thumb = await client.videos.downloadContent(created.id, { variant: "thumbnail" });
  expect(await thumb.text()).toBe(`thumbnail-of-${upstreamId}`);
  expect(
    up.requests.some((r) => r.path === `/v1/videos/${upstreamId}/content` && r.query === "variant=thumbnail"),
  ).toBe(true);
  // The task log's result link, opened in the console (its session, no key): the same content.
  const viaSession = await gw.raw("GET", `/v1/videos/${created.id}/content?variant=thumbnail`);
  expect([viaSession.status, await viaSession.text()]).toEqual([200, `thumbnail-of-${upstreamId}`]);
  expect((await fetch(`${gw.url}/v1/videos/${created.id}/content`)).status).toBe(401);

  // sora-2-pro's built-in price 0.5, 8 seconds, 1792x1024 at 1.666667.
  const quota = Math.round(0.5 * PER_UNIT * 8 * 1.666667);
  await gw.settle();
  const logs = await gw.sql<{ quota: number; modelName: string }>(
    "select quota, modelName from logs where type = 2 and tokenId = ?",
    t.id,
  );
  expect(logs).toEqual([{ quota, modelName: "sora-2-pro" }]);
  expect(await remain(t.id)).toBe(START - quota);

  // The task log: status, progress and the result link through this gateway.
  const log = await gw.api<{ items: Record<string, unknown>[] }>(
    "GET",
    `/api/task/?task_id=${created.id}&page_size=10`,
  );
  expect(log.json.data.items[0]).toMatchObject({
    task_id: created.id,
    platform: "video",
    action: "generate",
    status: "SUCCESS",
    progress: "100%",
    quota,
    data: { result_url: expect.stringMatching(new RegExp(`/v1/videos/${created.id}/content$`)) },
  });
  expect(JSON.stringify(log.json.data.items[0]!.data)).not.toContain(up.url);

  // Remix: the upstream gets its own id; the new task is priced as its origin.
  const remix = await client.videos.remix(created.id, { prompt: "now at night" });
  expect(remix.id).not.toBe(created.id);
  expect(remix.remixed_from_video_id).toBe(created.id);
  expect(up.requests.at(-1)).toMatchObject({
    method: "POST",
    path: `/v1/videos/${upstreamId}/remix`,
    fields: { prompt: "now at night" },
  });
  await untilDone(client, remix.id);
  await gw.settle();
  expect(await remain(t.id)).toBe(START - 2 * quota);

  // The caller's own list, newest first, with OpenAI's cursor fields.
  const page = await client.videos.list({ limit: 10 });
  expect(page.data.map((v) => v.id)).toEqual([remix.id, created.id]);
}, 60_000);

test("Azure: /openai/v1/videos with the api-key header, the deployment's model name, content streamed", async () => {
  const t = await gw.createToken();
  const client = sdk(t.key);
  const created = await client.videos.create({ model: "sora-azure", prompt: "azure waves" });
  const sent = up.requests.find((r) => r.fields.prompt === "azure waves")!;
  expect(sent).toMatchObject({ method: "POST", path: "/openai/v1/videos", fields: { model: "sora-2" } });
  expect(sent.headers["api-key"]).toBe(KEY);
  expect(sent.headers.authorization).toBeUndefined();
  expect((await untilDone(client, created.id)).status).toBe("completed");
  const bytes = Buffer.from(await (await client.videos.downloadContent(created.id)).arrayBuffer());
  expect(bytes.length).toBe(VIDEO_BYTES);
  expect(up.requests.at(-1)!.path).toBe(`/openai/v1/videos/${up.ids.at(-1)}/content`);
}, 30_000);

test("new-api's /v1/video/generations: JSON submit and the TaskDto fetch", async () => {
  const t = await gw.createToken();
  const r = await call(t.key, "POST", "/v1/video/generations", { model: "sora-2", prompt: "waves", seconds: "4" });
  expect(r.status).toBe(200);
  const { id, task_id } = (await r.json()) as { id: string; task_id: string };
  expect(task_id).toBe(id);
  const sent = up.requests.at(-1)!;
  expect(sent).toMatchObject({
    method: "POST",
    path: "/v1/videos",
    fields: { model: "sora-2", prompt: "waves", seconds: "4" },
  });
  expect(sent.contentType).toBe("application/json");
  type Dto = {
    code: string;
    data: { task_id: string; status: string; progress: string; result_url: string; quota: number };
  };
  let dto: Dto | undefined;
  await gw.waitFor(async () => {
    dto = (await (await call(t.key, "GET", `/v1/video/generations/${id}`)).json()) as Dto;
    return dto.data.status === "SUCCESS";
  }, 20_000);
  expect(dto!).toMatchObject({
    code: "success",
    data: { task_id: id, progress: "100%", quota: Math.round(0.3 * PER_UNIT * 4) },
  });
  expect(dto!.data.result_url).toMatch(new RegExp(`/v1/videos/${id}/content$`));
}, 30_000);

test("a failed task is refunded exactly once; a refused submit charges nothing and leaks nothing", async () => {
  const t = await gw.createToken({ unlimited_quota: false, remain_quota: START });
  const client = sdk(t.key);
  const failed = await untilDone(
    client,
    (await client.videos.create({ model: "sora-2", prompt: "this will fail" })).id,
  );
  expect(failed).toMatchObject({ status: "failed", error: { message: "mock sora failure" } });

  const refused = await call(t.key, "POST", "/v1/videos", { model: "sora-2", prompt: "refuse me" });
  expect(refused.status).toBe(400);
  const text = await refused.text();
  expect(JSON.parse(text)).toMatchObject({ error: { message: expect.stringContaining("refused") } });
  expect(text).not.toContain(KEY);
  expect(text).not.toContain(up.url.replace("http://", ""));

  // Later polls (another task completes after the failure) must not refund it again.
  await untilDone(client, (await client.videos.create({ model: "sora-2", prompt: "after" })).id);
  await gw.settle();
  const rows = await gw.sql<{ type: number; quota: number }>(
    "select type, quota from logs where tokenId = ? order by id",
    t.id,
  );
  const price = Math.round(0.3 * PER_UNIT * 4);
  expect(rows).toEqual([
    { type: 2, quota: price },
    { type: 7, quota: price },
    { type: 2, quota: price },
  ]);
  const spent = rows.reduce((s, r) => s + (r.type === 2 ? r.quota : -r.quota), 0);
  expect(START - (await remain(t.id))).toBe(spent);
}, 40_000);

test("a task paid by a subscription is refunded to the subscription, not the wallet", async () => {
  const price = Math.round(0.3 * PER_UNIT * 4);
  const plan = await gw.api<{ id: number }>("POST", "/api/subscription/admin/plans", {
    plan: { title: "Video plan", price_amount: 1, duration_unit: "day", duration_value: 1, total_amount: 10 * price },
  });
  const user = await gw.createUser("video-subscriber");
  await gw.api("POST", "/api/subscription/admin/bind", { user_id: user.id, plan_id: plan.json.data.id });
  const client = sdk(user.key);
  const failed = await untilDone(
    client,
    (await client.videos.create({ model: "sora-2", prompt: "this will fail" })).id,
  );
  expect(failed.status).toBe("failed");
  await untilDone(client, (await client.videos.create({ model: "sora-2", prompt: "a cat" })).id);
  await gw.settle();
  const [sub] = await gw.sql<{ amountUsed: number }>(
    "select amountUsed from user_subscriptions where userId = ?",
    user.id,
  );
  expect(Number(sub!.amountUsed)).toBe(price);
  const [u] = await gw.sql<{ quota: number }>("select quota from users where id = ?", user.id);
  expect(Number(u!.quota)).toBe(0);
  const logs = await gw.sql<{ type: number; quota: number; other: string }>(
    "select type, quota, other from logs where userId = ? and type in (2, 7) order by id",
    user.id,
  );
  expect(logs.map((l) => [l.type, Number(l.quota), JSON.parse(l.other).billing_source])).toEqual([
    [2, price, "subscription"],
    [7, price, "subscription"],
    [2, price, "subscription"],
  ]);
}, 40_000);

test("a task id belongs to its token's user: another user's id answers as an unknown one", async () => {
  const owner = await gw.createToken();
  const id = (await sdk(owner.key).videos.create({ model: "sora-2", prompt: "mine" })).id;
  const other = await gw.createUser("video-other", START);
  for (const [method, path] of [
    ["GET", `/v1/videos/${id}`],
    ["GET", `/v1/videos/${id}/content`],
    ["POST", `/v1/videos/${id}/remix`],
    ["GET", `/v1/video/generations/${id}`],
  ] as const) {
    const r = await call(other.key, method, path, method === "POST" ? { prompt: "steal" } : undefined);
    expect([path, r.status]).toEqual([path, 404]);
    expect(((await r.json()) as { error: { code: string } }).error.code).toBe("task_not_found");
  }
  expect((await sdk(other.key).videos.list()).data).toEqual([]);
});

test("hostile input: bad multipart, an oversized reference, odd ids and fields -> 4xx, never 5xx", async () => {
  const t = await gw.createToken();
  const bad = await call(
    t.key,
    "POST",
    "/v1/videos",
    '--x\r\ncontent-disposition: form-data; name="prompt"\r\n\r\nno end',
    {
      "content-type": "multipart/form-data; boundary=x",
    },
  );
  expect(bad.status).toBe(400);
  expect(((await bad.json()) as { error: { code: string } }).error.code).toBe("invalid_multipart");

  // 100 MB of reference image, chunked: refused once past the 4 MB cap, the connection closed.
  const total = 100 * 1024 * 1024;
  const big = await sendChunked(gw.url, "POST", "/v1/videos", total, {
    authorization: `Bearer ${t.key}`,
    "content-type": "multipart/form-data; boundary=x",
  });
  expect(big.status).toBe(413);
  expect(big.sent).toBeLessThan(total / 4);
  expect(big.closed).toBe(true);
  expect(big.head).toMatch(/\r\nconnection: close\r\n/i);
  expect(JSON.parse(big.body.slice(big.body.indexOf("{"), big.body.lastIndexOf("}") + 1))).toMatchObject({
    error: { code: "request_body_too_large" },
  });

  for (const id of ["..%2F..%2Fetc", "%00", "x".repeat(300), "task_unknown", "%E2%82"]) {
    const r = await call(t.key, "GET", `/v1/videos/${id}`);
    expect([id, r.status >= 400 && r.status < 500]).toEqual([id, true]);
    expect(((await r.json()) as { error: { message: string } }).error.message).toBeTruthy();
  }
  for (const body of [
    { model: "sora-2", prompt: "" },
    { model: "sora-2", prompt: "x", seconds: "-1" },
    { model: "sora-2", prompt: "x", seconds: 99_999 },
    { model: "sora-2", prompt: "x", size: "1792x1024" },
    { model: "sora-2", prompt: "\ud800" },
    [1, 2],
  ]) {
    const r = await call(t.key, "POST", "/v1/videos", body);
    expect([body, r.status]).toEqual([body, 400]);
  }
  const notReady = await sdk(t.key).videos.create({ model: "sora-2", prompt: "slow" });
  const early = await call(t.key, "GET", `/v1/videos/${notReady.id}/content?variant=poster`);
  expect(early.status).toBe(400);
  expect((await call(t.key, "GET", "/v1/videos?limit=0")).status).toBe(400);
  expect((await fetch(`${gw.url}/api/status`)).status).toBe(200);
}, 30_000);
