// Suno relay end to end: submit through the gateway to a loopback Suno mock, background polling
// until success or failure, the task log API, per-call billing and refunds on failure.
import { startGateway, type Gateway } from "./gateway";
import { startMockTasks, type MockTasks } from "./mock-midjourney";

let gw: Gateway;
let up: MockTasks;
let channelId = 0;
const START = 5_000_000;
const MUSIC_QUOTA = Math.round(0.1 * 500_000); // built-in suno_music price, group ratio 1

type SunoTask = {
  task_id: string;
  status: string;
  progress: string;
  action: string;
  data: unknown;
  fail_reason: string;
};

const submit = (key: string, body: unknown, kind = "music") =>
  fetch(`${gw.url}/suno/submit/${kind}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
const fetchOne = async (key: string, id: string) =>
  (
    (await (await fetch(`${gw.url}/suno/fetch/${id}`, { headers: { authorization: `Bearer ${key}` } })).json()) as {
      data: SunoTask;
    }
  ).data;
async function tokenRemain(id: number): Promise<number> {
  const [row] = await gw.sql<{ remainQuota: number }>("select remainQuota from tokens where id = ?", id);
  return Number(row!.remainQuota);
}

beforeAll(async () => {
  up = await startMockTasks();
  gw = await startGateway({ env: { TASK_POLL_INTERVAL_MS: "300" } });
  channelId = await gw.createChannel({
    type: 36,
    name: "suno",
    key: "suno-key",
    base_url: up.url,
    models: "suno_music,suno_lyrics",
  });
}, 180_000);

afterAll(async () => {
  await gw?.stop();
  await up?.close();
});

test("music: submitted -> success, visible in the task log, billed at the built-in price", async () => {
  const t = await gw.createToken({ unlimited_quota: false, remain_quota: START });
  const r = await submit(t.key, { prompt: "a song about foxes", mv: "chirp-v3-5" });
  expect(r.status).toBe(200);
  const { code, data: id } = (await r.json()) as { code: string; data: string };
  expect(code).toBe("success");
  const sent = up.requests.find((q) => q.path === "/suno/submit/music")!;
  expect(sent.headers.authorization).toBe("Bearer suno-key");
  expect(sent.body).toMatchObject({ prompt: "a song about foxes", mv: "chirp-v3-5" });

  await gw.waitFor(async () => (await fetchOne(t.key, id)).status === "SUCCESS", 15_000);
  const done = await fetchOne(t.key, id);
  expect(done).toMatchObject({ task_id: id, action: "MUSIC", progress: "100%" });
  expect(done.data).toEqual([{ id: `${id}-clip`, audio_url: "x.mp3" }]);

  const log = await gw.api<{ items: Record<string, unknown>[] }>("GET", `/api/task/self?task_id=${id}&page_size=10`);
  expect(log.json.data.items).toHaveLength(1);
  expect(log.json.data.items[0]).toMatchObject({
    task_id: id,
    platform: "suno",
    action: "MUSIC",
    status: "SUCCESS",
    progress: "100%",
    quota: MUSIC_QUOTA,
  });

  const list = await fetch(`${gw.url}/suno/fetch`, {
    method: "POST",
    headers: { authorization: `Bearer ${t.key}`, "content-type": "application/json" },
    body: JSON.stringify({ ids: [id] }),
  });
  expect(((await list.json()) as { data: SunoTask[] }).data.map((x) => x.task_id)).toEqual([id]);

  await gw.settle();
  const logs = await gw.sql<{ quota: number; modelName: string; channelId: number }>(
    "select quota, modelName, channelId from logs where type = 2 and tokenId = ?",
    t.id,
  );
  expect(logs).toEqual([{ quota: MUSIC_QUOTA, modelName: "suno_music", channelId }]);
  expect(await tokenRemain(t.id)).toBe(START - MUSIC_QUOTA);
});

test("a failed music task is refunded; a refused submission charges nothing", async () => {
  const t = await gw.createToken({ unlimited_quota: false, remain_quota: START });
  const { data: id } = (await (await submit(t.key, { prompt: "this will fail" })).json()) as { data: string };
  await gw.waitFor(async () => (await fetchOne(t.key, id)).status === "FAILURE", 15_000);
  expect((await fetchOne(t.key, id)).fail_reason).toBe("mock suno failure");
  const refused = await submit(t.key, { prompt: "refuse me" });
  expect(refused.status).toBe(400);
  expect(await refused.json()).toMatchObject({ code: "error" });
  await gw.settle();
  expect(await tokenRemain(t.id)).toBe(START);
  const byType = await gw.sql<{ type: number; quota: number }>(
    "select type, quota from logs where tokenId = ? order by id",
    t.id,
  );
  expect(byType).toEqual([
    { type: 2, quota: MUSIC_QUOTA },
    { type: 7, quota: MUSIC_QUOTA },
  ]);
});

test("lyrics are priced as suno_lyrics; channel test is not supported for Suno", async () => {
  const t = await gw.createToken();
  const r = await submit(t.key, { prompt: "lyrics please" }, "lyrics");
  expect(((await r.json()) as { code: string }).code).toBe("success");
  await gw.settle();
  const [row] = await gw.sql<{ quota: number; modelName: string }>(
    "select quota, modelName from logs where type = 2 and tokenId = ?",
    t.id,
  );
  expect(row).toEqual({ quota: Math.round(0.01 * 500_000), modelName: "suno_lyrics" });
  const test = await gw.api("GET", `/api/channel/test/${channelId}`);
  expect(test.json.success).toBe(false);
  expect(test.json.message).toMatch(/not supported|不支持/i);
});

// This gateway runs WITHOUT NOTIFY_ALLOW_LOOPBACK_FOR_TESTS: the Midjourney image proxy must refuse
// the loopback image address the mock hands out (the SSRF guard), while the task itself succeeds.
test("the Midjourney image proxy refuses a loopback image address in a normal deployment", async () => {
  await gw.createChannel({ type: 2, name: "mj", key: "mj-secret", base_url: up.url, models: "mj_imagine" });
  const t = await gw.createToken();
  const r = await fetch(`${gw.url}/mj/submit/imagine`, {
    method: "POST",
    headers: { "mj-api-secret": t.key, "content-type": "application/json" },
    body: JSON.stringify({ prompt: "guarded" }),
  });
  const { result: id } = (await r.json()) as { result: string };
  await gw.waitFor(async () => {
    const task = (await (
      await fetch(`${gw.url}/mj/task/${id}/fetch`, { headers: { "mj-api-secret": t.key } })
    ).json()) as { status: string };
    return task.status === "SUCCESS";
  }, 15_000);
  await gw.api("PUT", "/api/option/", { key: "MjForwardUrlEnabled", value: "true" });
  const img = await fetch(`${gw.url}/mj/image/${id}`);
  expect(img.status).toBe(502);
  expect(((await img.json()) as { description: string }).description).toMatch(/not allowed/);
  expect(up.requests.some((q) => q.path.startsWith("/img/"))).toBe(false);
});
