// Midjourney through the relay into /app/logs/drawing. Root sets up a Midjourney channel (type 2)
// whose base URL is a loopback midjourney-proxy mock, a price for mj_imagine and a fresh user with
// quota; the user makes a token and submits two imagine prompts to {baseUrl}/mj/submit/imagine.
// Both rows show up as in progress (50%) while the mock holds them; once it lets go, the background
// poller (TASK_POLL_INTERVAL_MS=500, this spec's serverEnv) turns one into a success at 100% with its image and
// the other (prompt with "fail") into a failure with the mock's reason. Image URLs are the
// upstream's: MjForwardUrlEnabled is off by default.
import assert from "node:assert/strict";
import { asRoot, mergeOption } from "./support-admin.mjs";
import { closeDialog, startMockMidjourney } from "./support-tasks.mjs";
import { apiAs, loggedInContext, setLanguage } from "./support.mjs";

// The background poller every 500 ms (15 s by default) so that the tasks finish within the spec; only
// here: polling that often costs an idle server ~2 % of a core.
export const serverEnv = { TASK_POLL_INTERVAL_MS: "500" };

const USER = { username: "e2e_mj", password: "mjdrawpass1" };
const CHANNEL_KEY = "mj-e2e-secret";
const PROMPT_OK = "a lighthouse on a cliff at dusk --ar 3:2";
const PROMPT_FAIL = "this prompt will fail upstream";
const FAIL_REASON = "mock upstream failure: banned prompt";
const ok = (r) => assert.equal(r.success, true, r.message);

/** Root: the Midjourney channel, a price for mj_imagine (merged into ModelPrice), the user with quota. */
const prepare = (browser, baseUrl, mockUrl) =>
  asRoot(browser, baseUrl, async (page) => {
    const channel = await apiAs(page, "POST", "/api/channel/", {
      name: "e2e-midjourney",
      type: 2,
      key: CHANNEL_KEY,
      base_url: mockUrl,
      models: "mj_imagine",
      group: "default",
    });
    ok(channel);
    await mergeOption(page, "ModelPrice", { mj_imagine: 0.02 });
    const created = await apiAs(page, "POST", "/api/user/", { ...USER, display_name: USER.username });
    ok(created);
    ok(await apiAs(page, "PUT", "/api/user/", { id: created.data.id, quota: 10_000_000 }));
    return channel.data.ids[0];
  });

/** Best effort (a failure here must not hide the spec's own). */
const removeChannel = (browser, baseUrl, channelId) =>
  asRoot(browser, baseUrl, (page) => apiAs(page, "DELETE", `/api/channel/${channelId}`));

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
    const { ctx, page } = await loggedInContext(browser, baseUrl, USER, {
      width: 375,
      height: 800,
      language: locale,
      path: "/app/logs/drawing",
    });
    try {
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
  const mock = await startMockMidjourney({ failReason: FAIL_REASON });
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
      await closeDialog(page);

      await failRow.getByTestId("task-fail-reason").scrollIntoViewIfNeeded(); // the table scrolls sideways
      await failRow.getByTestId("task-fail-reason").click();
      assert.equal(await page.getByTestId("task-fail-text").innerText(), FAIL_REASON);
      await screenshot("drawing-fail-reason-zh-desktop", page);
      await closeDialog(page);

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
