// Midjourney-proxy relay end to end: submit through the gateway to a loopback midjourney-proxy
// mock, background polling (TASK_POLL_INTERVAL_MS=300) until success or failure, the drawing log
// API, per-call billing (charged only on acceptance, refunded on failure) and the image proxy.
import { startGateway, type Gateway } from "./gateway";
import { PNG, startMockTasks, type MockTasks } from "./mock-midjourney";

let gw: Gateway;
let up: MockTasks;
let channelId = 0;
const QPU = 500_000;
const IMAGINE_PRICE = 0.02; // ModelPrice set below
const IMAGINE_QUOTA = Math.round(IMAGINE_PRICE * QPU * 1.5); // GroupRatio of "vip" is 1.5
const START = 5_000_000;

type MjTask = { id: string; status: string; progress: string; imageUrl: string; action: string; failReason: string };

const submit = (key: string, body: unknown, path = "/mj/submit/imagine", headers: Record<string, string> = {}) =>
  fetch(`${gw.url}${path}`, {
    method: "POST",
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
const fetchTask = async (key: string, id: string) =>
  (await (
    await fetch(`${gw.url}/mj/task/${id}/fetch`, { headers: { authorization: `Bearer ${key}` } })
  ).json()) as MjTask;

async function tokenRemain(id: number): Promise<number> {
  const [row] = await gw.sql<{ remainQuota: number }>("select remainQuota from tokens where id = ?", id);
  return Number(row!.remainQuota);
}
async function userQuota(): Promise<number> {
  const [row] = await gw.sql<{ quota: number }>("select quota from users where username = 'root'");
  return Number(row!.quota);
}

beforeAll(async () => {
  up = await startMockTasks();
  gw = await startGateway({ env: { TASK_POLL_INTERVAL_MS: "300", NOTIFY_ALLOW_LOOPBACK_FOR_TESTS: "true" } });
  await gw.api("PUT", "/api/option/", { key: "ModelPrice", value: JSON.stringify({ mj_imagine: IMAGINE_PRICE }) });
  await gw.api("PUT", "/api/option/", { key: "GroupRatio", value: JSON.stringify({ default: 1, vip: 1.5 }) });
  await gw.api("PUT", "/api/option/", { key: "UserUsableGroups", value: JSON.stringify({ default: "", vip: "" }) });
  channelId = await gw.createChannel({
    type: 2,
    name: "mj",
    key: "mj-secret",
    base_url: up.url,
    models: "mj_imagine,mj_describe,mj_upscale",
    group: "default,vip",
  });
}, 180_000);

afterAll(async () => {
  await gw?.stop();
  await up?.close();
});

const limitedToken = () => gw.createToken({ unlimited_quota: false, remain_quota: START, group: "vip" });

test("imagine: submitted -> in progress -> success with an image URL, billed once at ModelPrice x group", async () => {
  const t = await limitedToken();
  const before = await userQuota();
  const r = await submit(t.key, { prompt: "a red fox --fast", accountFilter: { instanceId: "x" } });
  expect(r.status).toBe(200);
  const answer = (await r.json()) as { code: number; result: string };
  expect(answer.code).toBe(1);
  const id = answer.result;
  const sent = up.requests.find((q) => q.path === "/mj/submit/imagine")!;
  expect(sent.headers["mj-api-secret"]).toBe("mj-secret");
  expect(sent.headers.authorization).toBeUndefined();
  expect(sent.body).toEqual({ prompt: "a red fox --fast" }); // accountFilter dropped (MjAccountFilterEnabled off)

  const seen = new Set<string>();
  let last: MjTask | null = null;
  await gw.waitFor(async () => {
    last = await fetchTask(t.key, id);
    seen.add(last.status);
    return last.status === "SUCCESS";
  }, 15_000);
  expect(seen.has("IN_PROGRESS") || seen.has("SUBMITTED")).toBe(true);
  expect(last).toMatchObject({ id, action: "IMAGINE", status: "SUCCESS", progress: "100%" });
  expect(last!.imageUrl).toBe(`${up.url}/img/${id}.png`);

  // The drawing log shows it with its fields.
  const log = await gw.api<{ items: Record<string, unknown>[] }>("GET", `/api/mj/self/?mj_id=${id}&page_size=10`);
  expect(log.json.data.items).toHaveLength(1);
  expect(log.json.data.items[0]).toMatchObject({
    mj_id: id,
    action: "IMAGINE",
    status: "SUCCESS",
    progress: "100%",
    prompt: "a red fox --fast",
    prompt_en: "a red fox --fast (en)",
    image_url: `${up.url}/img/${id}.png`,
    quota: IMAGINE_QUOTA,
  });
  expect(Number(log.json.data.items[0]!.submit_time)).toBeGreaterThan(1e12);
  expect(log.json.data.items[0]!.finish_time).toBe(1700000060000);

  await gw.settle();
  const logs = await gw.sql<{ quota: number; modelName: string; tokenId: number; channelId: number }>(
    "select quota, modelName, tokenId, channelId from logs where type = 2 and tokenId = ?",
    t.id,
  );
  expect(logs).toEqual([{ quota: IMAGINE_QUOTA, modelName: "mj_imagine", tokenId: t.id, channelId }]);
  expect(await tokenRemain(t.id)).toBe(START - IMAGINE_QUOTA);
  expect(await userQuota()).toBe(before - IMAGINE_QUOTA);
});

test("a task that fails after submission is refunded to the user and the token, with a refund log", async () => {
  const t = await limitedToken();
  await gw.settle();
  const before = await userQuota();
  const r = await submit(t.key, { prompt: "this will fail" });
  const { result: id } = (await r.json()) as { result: string };
  await gw.waitFor(async () => (await fetchTask(t.key, id)).status === "FAILURE", 15_000);
  expect((await fetchTask(t.key, id)).failReason).toBe("mock upstream failure");
  // The upstream sends neither progress nor a finish time with its FAILURE: the row still ends complete.
  const [row] = await gw.sql<{ progress: string; finishTime: number }>(
    "select progress, finishTime from midjourneys where mjId = ?",
    id,
  );
  expect(row!.progress).toBe("100%");
  expect(Number(row!.finishTime)).toBeGreaterThan(0);
  await gw.settle();
  expect(await tokenRemain(t.id)).toBe(START);
  expect(await userQuota()).toBe(before);
  const refunds = await gw.sql<{ quota: number; content: string; tokenId: number; modelName: string }>(
    "select quota, content, tokenId, modelName from logs where type = 7 and tokenId = ?",
    t.id,
  );
  expect(refunds).toHaveLength(1);
  expect(refunds[0]).toMatchObject({ quota: IMAGINE_QUOTA, tokenId: t.id, modelName: "mj_imagine" });
  expect(refunds[0]!.content).toContain(id);
  expect(refunds[0]!.content).toContain("mock upstream failure");
  // Further polls never refund twice.
  await new Promise((res) => setTimeout(res, 1000));
  const again = await gw.sql("select id from logs where type = 7 and tokenId = ?", t.id);
  expect(again).toHaveLength(1);
});

test("an upstream refusal (code 4) or an upstream error charges nothing and stores no task", async () => {
  const t = await limitedToken();
  const refused = await submit(t.key, { prompt: "please refuse this" });
  expect(refused.status).toBe(200);
  expect(await refused.json()).toMatchObject({ code: 4, description: "banned prompt" });
  const broken = await submit(t.key, { prompt: "broken upstream" });
  expect(broken.status).toBe(502);
  expect(await broken.json()).toMatchObject({ code: 4 });
  await gw.settle();
  expect(await tokenRemain(t.id)).toBe(START);
  expect(await gw.sql("select id from logs where tokenId = ?", t.id)).toEqual([]);
  expect(await gw.sql("select id from midjourneys where tokenId = ?", t.id)).toEqual([]);
});

test("code 22 (duplicate) counts as accepted; built-in default price for an unpriced action", async () => {
  const t = await limitedToken();
  const queued = (await (await submit(t.key, { prompt: "queued job" })).json()) as { code: number; result: string };
  expect(queued.code).toBe(22);
  const described = await submit(t.key, { base64: "data:image/png;base64,AAAA" }, "/mj/submit/describe");
  expect(((await described.json()) as { code: number }).code).toBe(1);
  await gw.settle();
  const logs = await gw.sql<{ quota: number; modelName: string }>(
    "select quota, modelName from logs where type = 2 and tokenId = ? order by id",
    t.id,
  );
  expect(logs).toEqual([
    { quota: IMAGINE_QUOTA, modelName: "mj_imagine" },
    { quota: Math.round(0.05 * QPU * 1.5), modelName: "mj_describe" },
  ]);
});

test("mj-api-secret header authenticates; list-by-condition and image-seed answer; mode prefix is relayed", async () => {
  const t = await gw.createToken();
  const viaSecret = await submit("", { prompt: "secret header" }, "/mj/submit/imagine", { "mj-api-secret": t.key });
  const a = (await viaSecret.json()) as { code: number; result: string };
  expect(a.code).toBe(1);
  const viaPlaceholder = await fetch(`${gw.url}/fast/mj/submit/imagine`, {
    method: "POST",
    headers: { authorization: "midjourney-proxy", "mj-api-secret": t.key, "content-type": "application/json" },
    body: JSON.stringify({ prompt: "fast mode" }),
  });
  const b = (await viaPlaceholder.json()) as { code: number; result: string };
  expect(b.code).toBe(1);
  expect(up.requests.some((q) => q.path === "/fast/mj/submit/imagine")).toBe(true);
  const noKey = await fetch(`${gw.url}/mj/task/${a.result}/fetch`);
  expect(noKey.status).toBe(401);

  const list = await fetch(`${gw.url}/mj/task/list-by-condition`, {
    method: "POST",
    headers: { "mj-api-secret": t.key, "content-type": "application/json" },
    body: JSON.stringify({ ids: [a.result, b.result, "unknown"] }),
  });
  const tasks = (await list.json()) as MjTask[];
  expect(tasks.map((x) => x.id).sort()).toEqual([a.result, b.result].sort());

  const seed = await fetch(`${gw.url}/mj/task/${a.result}/image-seed`, { headers: { "mj-api-secret": t.key } });
  expect(await seed.json()).toEqual({ code: 1, result: `seed-${a.result}` });
  expect((await fetch(`${gw.url}/mj/task/unknown/fetch`, { headers: { "mj-api-secret": t.key } })).status).toBe(404);
});

test("image proxy streams the stored image of a task (no key) and refuses unknown ids", async () => {
  const t = await gw.createToken();
  const { result: id } = (await (await submit(t.key, { prompt: "for the proxy" })).json()) as { result: string };
  await gw.waitFor(async () => (await fetchTask(t.key, id)).status === "SUCCESS", 15_000);
  // The proxy exists only while forwarding is on.
  expect((await fetch(`${gw.url}/mj/image/${id}`)).status).toBe(404);
  await gw.api("PUT", "/api/option/", { key: "MjForwardUrlEnabled", value: "true" });
  const img = await fetch(`${gw.url}/mj/image/${id}`);
  expect(img.status).toBe(200);
  expect(img.headers.get("content-type")).toBe("image/png");
  expect(img.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
  expect(img.headers.get("x-content-type-options")).toBe("nosniff");
  expect(Buffer.from(await img.arrayBuffer()).equals(PNG)).toBe(true);
  // An upstream "image/svg+xml" is not a raster image by its bytes: never served from our origin.
  const { result: svgId } = (await (await submit(t.key, { prompt: "svgimage" })).json()) as { result: string };
  await gw.waitFor(async () => (await fetchTask(t.key, svgId)).status === "SUCCESS", 15_000);
  const svg = await fetch(`${gw.url}/mj/image/${svgId}`);
  expect(svg.status).toBe(502);
  expect(svg.headers.get("content-type")).toBe("application/json");
  expect((await fetch(`${gw.url}/mj/image/nope`)).status).toBe(404);
  // Only image/* answers are passed on.
  const { result: textId } = (await (await submit(t.key, { prompt: "textimage" })).json()) as { result: string };
  await gw.waitFor(async () => (await fetchTask(t.key, textId)).status === "SUCCESS", 15_000);
  const text = await fetch(`${gw.url}/mj/image/${textId}`);
  expect(text.status).toBe(502);
  expect(text.headers.get("content-type")).toBe("application/json");

  // MjForwardUrlEnabled: clients get our proxy URL instead of the upstream's.
  await gw.api("PUT", "/api/option/", { key: "ServerAddress", value: "https://gw.example" });
  expect((await fetchTask(t.key, id)).imageUrl).toBe(`https://gw.example/mj/image/${id}`);
  await gw.api("PUT", "/api/option/", { key: "MjForwardUrlEnabled", value: "false" });
});

test("follow-up actions need a successful original task and go to its channel", async () => {
  const t = await gw.createToken();
  const early = await submit(
    t.key,
    { taskId: "does-not-exist", customId: "MJ::JOB::upsample::1::x" },
    "/mj/submit/action",
  );
  expect(early.status).toBe(404);
  const { result: id } = (await (await submit(t.key, { prompt: "origin" })).json()) as { result: string };
  const notYet = await submit(t.key, { taskId: id, customId: `MJ::JOB::upsample::1::${id}` }, "/mj/submit/action");
  expect(notYet.status).toBe(400);
  await gw.waitFor(async () => (await fetchTask(t.key, id)).status === "SUCCESS", 15_000);
  const ok = await submit(t.key, { taskId: id, customId: `MJ::JOB::upsample::1::${id}` }, "/mj/submit/action");
  const answer = (await ok.json()) as { code: number; result: string };
  expect(answer.code).toBe(1);
  expect((await fetchTask(t.key, answer.result)).action).toBe("UPSCALE");
});

test("channel test is not supported for Midjourney channels", async () => {
  const r = await gw.api("GET", `/api/channel/test/${channelId}`);
  expect(r.json.success).toBe(false);
  expect(r.json.message).toMatch(/not supported|不支持/i);
});
