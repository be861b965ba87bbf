// Midjourney through the relay into /app/logs/drawing. Root sets up a Midjourney channel (type 2)
// whose base URL is a loopback midjourney-proxy mock, a price for mj_imagine and a fresh user with
// quota; the user makes a token and submits two imagine prompts to {baseUrl}/mj/submit/imagine.
// Both rows show up as in progress (50%) while the mock holds them; once it lets go, the background
// poller (TASK_POLL_INTERVAL_MS=500 in run.mjs) turns one into a success at 100% with its image and
// the other (prompt with "fail") into a failure with the mock's reason. Image URLs are the
// upstream's: MjForwardUrlEnabled is off by default.
import assert from "node:assert/strict";
import http from "node:http";
import zlib from "node:zlib";
import { apiAs, loggedInContext, ROOT, setLanguage } from "./support.mjs";

const USER = { username: "e2e_mj", password: "mjdrawpass1" };
const CHANNEL_KEY = "mj-e2e-secret";
const PROMPT_OK = "a lighthouse on a cliff at dusk --ar 3:2";
const PROMPT_FAIL = "this prompt will fail upstream";
const FAIL_REASON = "mock upstream failure: banned prompt";
const ok = (r) => assert.equal(r.success, true, r.message);

/** A solid-colour PNG of the given size (node:zlib for the data, CRC-32 by hand). */
function png(width, height, [r, g, b]) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", pixels),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * A loopback midjourney-proxy (the protocol of __tests__/relay/mock-midjourney.ts):
 * POST /mj/submit/imagine -> {code:1, result:<id>}; POST /mj/task/list-by-condition {ids} -> the
 * tasks, IN_PROGRESS 50% while `held`, then SUCCESS 100% with imageUrl /img/<id>.png, or FAILURE
 * when the prompt contains "fail"; GET /img/<id>.png -> a PNG. Every request is recorded.
 */
function startMockMidjourney() {
  const image = png(96, 64, [99, 102, 241]);
  const tasks = new Map();
  const requests = [];
  const state = { held: true, url: "" };
  const json = (res, body) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const view = (id, t) => {
    const base = { id, action: "IMAGINE", prompt: t.prompt, promptEn: `${t.prompt} (en)`, description: "" };
    if (state.held) return { ...base, status: "IN_PROGRESS", progress: "50%", startTime: t.submitted + 1000 };
    if (t.prompt.includes("fail")) return { ...base, status: "FAILURE", progress: "", failReason: FAIL_REASON };
    return {
      ...base,
      status: "SUCCESS",
      progress: "100%",
      startTime: t.submitted + 1000,
      finishTime: t.submitted + 12_000,
      imageUrl: `${state.url}/img/${id}.png`,
    };
  };
  const server = http.createServer((req, res) => {
    const parts = [];
    req.on("data", (c) => parts.push(c));
    req.on("end", () => {
      let body = {};
      try {
        body = JSON.parse(Buffer.concat(parts).toString() || "{}");
      } catch {
        // keep {}
      }
      const path = (req.url ?? "/").split("?")[0];
      requests.push({ method: req.method, path, secret: req.headers["mj-api-secret"], body });
      if (req.method === "GET" && /^\/img\/[\w-]+\.png$/.test(path)) {
        res.writeHead(200, { "content-type": "image/png", "content-length": image.length });
        return res.end(image);
      }
      if (req.method === "POST" && path === "/mj/submit/imagine") {
        const id = `e2e76${tasks.size + 1}${Date.now() % 100000}`;
        tasks.set(id, { prompt: String(body.prompt ?? ""), submitted: Date.now() });
        return json(res, { code: 1, description: "提交成功", result: id, properties: { discordInstanceId: "1" } });
      }
      if (req.method === "POST" && path === "/mj/task/list-by-condition") {
        const ids = Array.isArray(body.ids) ? body.ids : [];
        return json(
          res,
          ids.filter((id) => tasks.has(id)).map((id) => view(id, tasks.get(id))),
        );
      }
      res.writeHead(404, { "content-type": "application/json" });
      res.end('{"error":"not found"}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      state.url = `http://127.0.0.1:${server.address().port}`;
      resolve({
        url: state.url,
        requests,
        imageSize: { width: 96, height: 64 },
        release: () => (state.held = false),
        close: () =>
          new Promise((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      });
    }),
  );
}

/** Root: the Midjourney channel, a price for mj_imagine (merged into ModelPrice), the user with quota. */
async function prepare(browser, baseUrl, mockUrl) {
  const { ctx, page } = await loggedInContext(browser, baseUrl, ROOT);
  try {
    const channel = await apiAs(page, "POST", "/api/channel/", {
      name: "e2e-midjourney",
      type: 2,
      key: CHANNEL_KEY,
      base_url: mockUrl,
      models: "mj_imagine",
      group: "default",
    });
    ok(channel);
    const options = await apiAs(page, "GET", "/api/option/");
    const current = JSON.parse(options.data.find((o) => o.key === "ModelPrice")?.value || "{}");
    ok(
      await apiAs(page, "PUT", "/api/option/", {
        key: "ModelPrice",
        value: JSON.stringify({ ...current, mj_imagine: 0.02 }),
      }),
    );
    const created = await apiAs(page, "POST", "/api/user/", { ...USER, display_name: USER.username });
    ok(created);
    ok(await apiAs(page, "PUT", "/api/user/", { id: created.data.id, quota: 10_000_000 }));
    return channel.data.ids[0];
  } finally {
    await ctx.close();
  }
}

/** Best effort (a failure here must not hide the spec's own). */
async function removeChannel(browser, baseUrl, channelId) {
  const { ctx, page } = await loggedInContext(browser, baseUrl, ROOT);
  try {
    await apiAs(page, "DELETE", `/api/channel/${channelId}`);
  } finally {
    await ctx.close();
  }
}

async function submitImagine(baseUrl, key, prompt) {
  const res = await fetch(`${baseUrl}/mj/submit/imagine`, {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
    body: JSON.stringify({ prompt }),
  });
  const text = await res.text();
  assert.equal(res.status, 200, `submit answered ${res.status}: ${text}`);
  const answer = JSON.parse(text);
  assert.equal(answer.code, 1, text);
  assert.match(answer.result, /^e2e76/);
  return answer.result;
}

const rowOf = (page, id) => page.getByTestId("drawing-table-row").filter({ hasText: id });

/** What the row of a task shows: status text, progress percent (null without a ring). */
async function rowState(page, id) {
  const row = rowOf(page, id);
  if ((await row.count()) !== 1) return { status: "(no row)", progress: null };
  const ring = row.getByTestId("task-progress");
  return {
    status: await row.getByTestId("task-status").innerText(),
    progress: (await ring.count()) ? Number(await ring.getAttribute("aria-valuenow")) : null,
  };
}

/** Reloads /app/logs/drawing until every task's row shows what `want` says, or fails after the timeout. */
async function waitForRows(page, baseUrl, want, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let seen = {};
  for (;;) {
    await page.goto(`${baseUrl}/app/logs/drawing`);
    await page.getByTestId("drawing-table-row").first().waitFor();
    seen = {};
    for (const id of Object.keys(want)) seen[id] = await rowState(page, id);
    const done = Object.entries(want).every(
      ([id, w]) => seen[id].status === w.status && (w.progress === undefined || seen[id].progress === w.progress),
    );
    if (done) return;
    if (Date.now() > deadline)
      throw new Error(
        `drawing rows after ${timeoutMs / 1000} s: ${JSON.stringify(seen)}, wanted ${JSON.stringify(want)}`,
      );
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function mobileShots(browser, baseUrl, screenshot, okId) {
  for (const [locale, status] of [
    ["zh", "成功"],
    ["en", "Succeeded"],
  ]) {
    const { ctx, page } = await loggedInContext(browser, baseUrl, USER, { width: 375, height: 800 });
    try {
      await setLanguage(page, locale);
      await page.goto(`${baseUrl}/app/logs/drawing`);
      await rowOf(page, okId).getByTestId("task-status").getByText(status, { exact: true }).waitFor();
      // the status and image columns, in the table's own sideways scroll
      await rowOf(page, okId).getByTestId("task-image").scrollIntoViewIfNeeded();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 1, `/app/logs/drawing at 375 px: the page itself does not scroll sideways (${overflow}px)`);
      await screenshot(`drawing-${locale}-mobile`, page);
    } finally {
      await ctx.close();
    }
  }
}

export async function run({ browser, baseUrl, screenshot }) {
  const mock = await startMockMidjourney();
  let channelId = 0;
  try {
    channelId = await prepare(browser, baseUrl, mock.url);
    const { ctx, page } = await loggedInContext(browser, baseUrl, USER);
    try {
      const token = await apiAs(page, "POST", "/api/token/", { name: "e2e-mj", unlimited_quota: true });
      ok(token);
      assert.match(token.data.key, /^sk-/);
      const okId = await submitImagine(baseUrl, token.data.key, PROMPT_OK);
      const failId = await submitImagine(baseUrl, token.data.key, PROMPT_FAIL);
      const submits = mock.requests.filter((r) => r.path === "/mj/submit/imagine");
      assert.deepEqual(
        submits.map((r) => [r.secret, r.body.prompt]),
        [
          [CHANNEL_KEY, PROMPT_OK],
          [CHANNEL_KEY, PROMPT_FAIL],
        ],
        "the relay calls the channel with its key as mj-api-secret",
      );

      // the rows are there at once; the poller moves both to in progress while the mock holds them
      const inProgress = { status: "执行中", progress: 50 };
      await waitForRows(page, baseUrl, { [okId]: inProgress, [failId]: inProgress });
      const okRow = rowOf(page, okId);
      await okRow.getByText("绘图", { exact: true }).waitFor();
      await okRow.getByTestId("task-prompt").getByText(PROMPT_OK).waitFor();
      assert.equal(await okRow.getByTestId("task-image").count(), 0, "no image before success");
      await screenshot("drawing-in-progress-zh-desktop", page);

      mock.release();
      await waitForRows(page, baseUrl, { [okId]: { status: "成功", progress: 100 }, [failId]: { status: "失败" } });
      assert.ok(
        mock.requests.some((r) => r.path === "/mj/task/list-by-condition" && r.secret === CHANNEL_KEY),
        "the poller asked the channel",
      );
      const failRow = rowOf(page, failId);
      await okRow.getByTestId("task-prompt_en").getByText(`${PROMPT_OK} (en)`).waitFor();
      await okRow.getByText("无", { exact: true }).waitFor(); // no failure reason
      assert.equal(await failRow.getByTestId("task-image").count(), 0, "no image for the failure");
      assert.equal(await failRow.getByTestId("task-fail-reason").innerText(), FAIL_REASON);
      await screenshot("drawing-done-zh-desktop", page);

      // the image: the upstream's URL (MjForwardUrlEnabled is off), loaded in the preview
      await okRow.getByTestId("task-image").click();
      const preview = page.getByTestId("task-image-preview");
      await preview.waitFor();
      assert.equal(await preview.getAttribute("src"), `${mock.url}/img/${okId}.png`);
      await page.waitForFunction(() => document.querySelector('[data-testid="task-image-preview"]')?.naturalWidth > 0);
      assert.deepEqual(
        await preview.evaluate((img) => ({ width: img.naturalWidth, height: img.naturalHeight })),
        mock.imageSize,
      );
      await screenshot("drawing-image-zh-desktop", page);
      await page.keyboard.press("Escape");
      await page.getByRole("dialog").waitFor({ state: "detached" });

      await failRow.getByTestId("task-fail-reason").scrollIntoViewIfNeeded(); // the table scrolls sideways
      await failRow.getByTestId("task-fail-reason").click();
      assert.equal(await page.getByTestId("task-fail-text").innerText(), FAIL_REASON);
      await screenshot("drawing-fail-reason-zh-desktop", page);
      await page.keyboard.press("Escape");
      await page.getByRole("dialog").waitFor({ state: "detached" });

      await setLanguage(page, "en");
      await page.getByRole("heading", { name: "Drawing logs" }).waitFor();
      await rowOf(page, okId).getByTestId("task-status").getByText("Succeeded", { exact: true }).waitFor();
      await rowOf(page, failId).getByTestId("task-status").getByText("Failed", { exact: true }).waitFor();
      await rowOf(page, okId).getByTestId("task-image").getByText("View image", { exact: true }).waitFor();
      await screenshot("drawing-done-en-desktop", page);

      await mobileShots(browser, baseUrl, screenshot, okId);
    } finally {
      await ctx.close();
    }
  } finally {
    // the pricing and model lists of later specs do not see mj_imagine
    if (channelId) await removeChannel(browser, baseUrl, channelId).catch(() => undefined);
    await mock.close();
  }
}
