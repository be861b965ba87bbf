// /api/mj/ + /api/mj/self/ (drawing tasks, times in ms) and /api/task/ + /api/task/self (task records,
// times in s): both paging contracts, every filter, the user's fence and the validation messages.
import * as mjRoute from "@/app/api/mj/route";
import * as mjSelfRoute from "@/app/api/mj/self/route";
import * as taskRoute from "@/app/api/task/route";
import * as taskSelfRoute from "@/app/api/task/self/route";
import { db } from "@/lib/server/db";
import {
  call,
  createUserAndLogin,
  login,
  ROOT_USER,
  setOptions,
  setupApiHarness,
  setupRoot,
} from "@/test-support/api/harness";

setupApiHarness();

type Row = Record<string, unknown>;
type Page = { items: Row[]; total: number; page: number; page_size: number };
let rootCookie = "";
let alice: Awaited<ReturnType<typeof createUserAndLogin>>;
let bob: Awaited<ReturnType<typeof createUserAndLogin>>;
const nowS = Math.floor(Date.now() / 1000);
const nowMs = nowS * 1000;
const DAY_S = 86_400;

const get = <T>(mod: object, url: string, cookie = rootCookie) => call<T>(mod, "GET", url, { cookie });

beforeAll(async () => {
  await setupRoot();
  rootCookie = await login(ROOT_USER.username, ROOT_USER.password);
  alice = await createUserAndLogin({ username: "task-alice" });
  bob = await createUserAndLogin({ username: "task-bob" });
  // alice: 12 drawing tasks on channel 7 (ids a-0 … a-11, one a day back); bob: 1 on channel 9.
  await db().midjourney.createMany({
    data: [
      ...Array.from({ length: 12 }, (_, i) => ({
        userId: alice.id,
        mjId: `a-${i}`,
        action: "IMAGINE",
        code: 1,
        status: i === 0 ? "FAILURE" : "SUCCESS",
        failReason: i === 0 ? "banned prompt" : "",
        progress: "100%",
        prompt: `cat ${i}`,
        imageUrl: `https://img.example/a-${i}.png`,
        channelId: 7,
        submitTime: BigInt(nowMs - i * DAY_S * 1000),
        finishTime: BigInt(nowMs - i * DAY_S * 1000 + 30_000),
      })),
      { userId: bob.id, mjId: "b-0", action: "UPSCALE", channelId: 9, submitTime: BigInt(nowMs), imageUrl: "" },
    ],
  });
  await db().task.createMany({
    data: [
      {
        userId: alice.id,
        taskId: "t-a1",
        platform: "suno",
        action: "MUSIC",
        status: "IN_PROGRESS",
        progress: "45%",
        channelId: 7,
        submitTime: BigInt(nowS - 60),
        data: '{"clips":[1]}',
        properties: '{"upstream_model_name":"x"}',
      },
      {
        userId: alice.id,
        taskId: "t-a2",
        platform: "suno",
        action: "LYRICS",
        status: "SUCCESS",
        progress: "100%",
        channelId: 8,
        submitTime: BigInt(nowS - 3 * DAY_S),
      },
      {
        userId: bob.id,
        taskId: "t-b1",
        platform: "suno",
        action: "MUSIC",
        status: "FAILURE",
        failReason: "upstream down",
        channelId: 9,
        submitTime: BigInt(nowS - 120),
      },
    ],
  });
});

describe("drawing tasks", () => {
  test("admin page answer: everyone's rows with channels, newest id first, total and page", async () => {
    const res = await get<Page>(mjRoute, "/api/mj/?p=1&page_size=5");
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ total: 13, page: 1, page_size: 5 });
    expect(res.json.data.items).toHaveLength(5);
    expect(res.json.data.items[0]).toMatchObject({ mj_id: "b-0", channel_id: 9, user_id: bob.id, action: "UPSCALE" });
    const page3 = await get<Page>(mjRoute, "/api/mj/?p=3&page_size=5");
    expect(page3.json.data.items.map((r) => r.mj_id)).toEqual(["a-2", "a-1", "a-0"]);
  });

  test("spec contract: without page_size, p is 0-based and data is an array of 10", async () => {
    const first = await get<Row[]>(mjRoute, "/api/mj/");
    expect(Array.isArray(first.json.data)).toBe(true);
    expect(first.json.data).toHaveLength(10);
    const second = await get<Row[]>(mjRoute, "/api/mj/?p=1");
    expect(second.json.data.map((r) => r.mj_id)).toEqual(["a-2", "a-1", "a-0"]);
    expect((await get<Row[]>(mjRoute, "/api/mj/?p=2")).json.data).toEqual([]);
  });

  test("admin filters: channel, mj_id (exact), time range in ms", async () => {
    const q = async (qs: string) => (await get<Page>(mjRoute, `/api/mj/?page_size=100&${qs}`)).json.data;
    expect((await q("channel_id=9")).items.map((r) => r.mj_id)).toEqual(["b-0"]);
    expect((await q("channel_id=7")).total).toBe(12);
    expect((await q("mj_id=a-1")).items.map((r) => r.mj_id)).toEqual(["a-1"]);
    expect((await q("mj_id=a")).total).toBe(0);
    const lastTwoDays = await q(`start_timestamp=${nowMs - 2 * DAY_S * 1000 + 1}&end_timestamp=${nowMs}`);
    expect(lastTwoDays.items.map((r) => r.mj_id).sort()).toEqual(["a-0", "a-1", "b-0"]);
    expect((await q(`end_timestamp=${nowMs - 10 * DAY_S * 1000}`)).items.map((r) => r.mj_id)).toEqual(["a-11", "a-10"]);
    // empty values mean "not set", as the spec's console sends them
    expect((await q("channel_id=&mj_id=&start_timestamp=&end_timestamp=")).total).toBe(13);
  });

  test("a user sees only their own rows, without the channel, whatever they filter by", async () => {
    const own = await get<Page>(mjSelfRoute, "/api/mj/self/?p=1&page_size=100", alice.cookie);
    expect(own.json.data.total).toBe(12);
    for (const r of own.json.data.items) {
      expect(r.user_id).toBe(alice.id);
      expect(r).not.toHaveProperty("channel_id");
    }
    expect(own.json.data.items.find((r) => r.mj_id === "a-0")).toMatchObject({
      status: "FAILURE",
      fail_reason: "banned prompt",
      prompt: "cat 0",
      progress: "100%",
      code: 1,
      submit_time: nowMs,
      finish_time: nowMs + 30_000,
    });
    const sneaky = await get<Page>(mjSelfRoute, "/api/mj/self/?page_size=10&mj_id=b-0", alice.cookie);
    expect(sneaky.json.data.total).toBe(0);
    const byChannel = await get<Page>(mjSelfRoute, "/api/mj/self/?page_size=100&channel_id=9", alice.cookie);
    expect(byChannel.json.data.items.every((r) => r.user_id === alice.id)).toBe(true);
    const legacy = await get<Row[]>(mjSelfRoute, "/api/mj/self/?p=0", bob.cookie);
    expect(legacy.json.data.map((r) => r.mj_id)).toEqual(["b-0"]);
  });

  test("image URLs point at this server's image proxy when MjForwardUrlEnabled is on", async () => {
    await setOptions({ MjForwardUrlEnabled: "true", ServerAddress: "https://gw.example/" });
    try {
      const res = await get<Page>(mjSelfRoute, "/api/mj/self/?page_size=1&mj_id=a-3", alice.cookie);
      expect(res.json.data.items[0]?.image_url).toBe("https://gw.example/mj/image/a-3");
      const noImage = await get<Page>(mjRoute, "/api/mj/?page_size=1&mj_id=b-0");
      expect(noImage.json.data.items[0]?.image_url).toBe("");
    } finally {
      await setOptions({ MjForwardUrlEnabled: "false" });
    }
    const res = await get<Page>(mjSelfRoute, "/api/mj/self/?page_size=1&mj_id=a-3", alice.cookie);
    expect(res.json.data.items[0]?.image_url).toBe("https://img.example/a-3.png");
  });
});

describe("task records", () => {
  test("admin sees everyone's, with channel and properties; filters by channel, task id, range in s", async () => {
    const all = await get<Page>(taskRoute, "/api/task/?p=1&page_size=10");
    expect(all.json.data.total).toBe(3);
    expect(all.json.data.items.map((r) => r.task_id)).toEqual(["t-b1", "t-a2", "t-a1"]);
    expect(all.json.data.items[2]).toMatchObject({
      channel_id: 7,
      progress: "45%",
      platform: "suno",
      action: "MUSIC",
      data: { clips: [1] },
      properties: '{"upstream_model_name":"x"}',
    });
    const q = async (qs: string) => (await get<Page>(taskRoute, `/api/task/?page_size=10&${qs}`)).json.data.items;
    expect((await q("channel_id=8")).map((r) => r.task_id)).toEqual(["t-a2"]);
    expect((await q("task_id=t-b1")).map((r) => r.user_id)).toEqual([bob.id]);
    expect((await q(`start_timestamp=${nowS - DAY_S}`)).map((r) => r.task_id)).toEqual(["t-b1", "t-a1"]);
    expect((await q(`start_timestamp=${nowS - 90}&end_timestamp=${nowS}`)).map((r) => r.task_id)).toEqual(["t-a1"]);
  });

  test("spec contract on tasks: 0-based p and an array answer", async () => {
    const res = await get<Row[]>(taskRoute, "/api/task/?p=0&task_id=t-a2");
    expect(res.json.data.map((r) => r.task_id)).toEqual(["t-a2"]);
    expect((await get<Row[]>(taskRoute, "/api/task/?p=1")).json.data).toEqual([]);
  });

  test("a user sees only their own records, without channel or properties", async () => {
    const own = await get<Page>(taskSelfRoute, "/api/task/self?p=1&page_size=10", alice.cookie);
    expect(own.json.data.items.map((r) => r.task_id)).toEqual(["t-a2", "t-a1"]);
    for (const r of own.json.data.items) {
      expect(r).not.toHaveProperty("channel_id");
      expect(r).not.toHaveProperty("properties");
    }
    expect(
      (await get<Page>(taskSelfRoute, "/api/task/self?page_size=10&task_id=t-b1", alice.cookie)).json.data,
    ).toMatchObject({ total: 0, items: [] });
    const bobs = await get<Row[]>(taskSelfRoute, "/api/task/self", bob.cookie);
    expect(bobs.json.data).toHaveLength(1);
    expect(bobs.json.data[0]).toMatchObject({ task_id: "t-b1", fail_reason: "upstream down", status: "FAILURE" });
  });
});

describe("validation and roles", () => {
  test.each([
    ["a non-numeric time", "/api/mj/?start_timestamp=abc", "时间参数无效，应为非负整数时间戳"],
    ["a negative time", "/api/mj/?end_timestamp=-5", "时间参数无效，应为非负整数时间戳"],
    ["a fractional time", "/api/task/?start_timestamp=1.5", "时间参数无效，应为非负整数时间戳"],
    ["a start after the end", "/api/task/?start_timestamp=200&end_timestamp=100", "开始时间不能晚于结束时间"],
    ["a non-numeric channel", "/api/mj/?channel_id=x7", "渠道 ID 必须是非负整数"],
    ["a 201-character task id", `/api/task/?task_id=${"x".repeat(201)}`, "任务 ID 不能超过 200 个字符"],
  ])("%s is refused with its message", async (_label, url, message) => {
    const mod = url.startsWith("/api/mj") ? mjRoute : taskRoute;
    const res = await call(mod, "GET", url, { cookie: rootCookie, headers: { "accept-language": "zh-CN" } });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, message });
  });

  test("English callers get the English message; bad paging is refused", async () => {
    const res = await call(mjSelfRoute, "GET", "/api/mj/self/?start_timestamp=9&end_timestamp=1", {
      cookie: alice.cookie,
      headers: { "accept-language": "en" },
    });
    expect(res.json.message).toBe("The start time cannot be later than the end time");
    expect((await get(taskSelfRoute, "/api/task/self?page_size=0", alice.cookie)).status).toBe(400);
    const clamped = await get<{ page_size: number }>(taskSelfRoute, "/api/task/self?page_size=101", alice.cookie);
    expect(clamped.json.data.page_size).toBe(100);
    expect((await get(taskSelfRoute, "/api/task/self?p=-1", alice.cookie)).status).toBe(400);
  });

  test("visitors get 401 and ordinary users 403 on the admin lists", async () => {
    for (const mod of [mjRoute, mjSelfRoute, taskRoute, taskSelfRoute]) {
      expect((await call(mod, "GET", "/api/x")).status).toBe(401);
    }
    const mj = await get(mjRoute, "/api/mj/", alice.cookie);
    expect(mj.status).toBe(403);
    expect(mj.json.success).toBe(false);
    expect((await get(taskRoute, "/api/task/", alice.cookie)).status).toBe(403);
  });
});
