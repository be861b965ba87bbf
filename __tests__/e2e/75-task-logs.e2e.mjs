// /app/logs/drawing and /app/logs/tasks. Drawing tasks and task records are written by the relay
// only, so this spec seeds them straight into the server's database (seedRows). Alice sees only
// hers, without the channel column, and opens the details and failure-reason dialogs and an image;
// root sees everyone's with the channel column, copies a channel id and filters by channel.
import assert from "node:assert/strict";
import { closeDialog, startImageServer } from "./support-tasks.mjs";
import {
  ALICE,
  API_ONLY,
  apiAs,
  copiedText,
  grantClipboard,
  loggedInContext,
  ROOT,
  seedRows,
  setLanguage,
} from "./support.mjs";

const ID = {
  mjOk: "e2e75-mj-alice-ok",
  mjFail: "e2e75-mj-alice-fail",
  mjRoot: "e2e75-mj-root",
  taskRun: "e2e75-task-alice-run",
  taskFail: "e2e75-task-alice-fail",
  taskRoot: "e2e75-task-root",
};
const MJ_FAIL_REASON =
  "Upstream refused the job: the prompt contains a banned word in segment 3; edit the prompt and submit again. " +
  "(request 7f3a9c, account pool eu-2, retry budget exhausted after 3 attempts)";
const TASK_FAIL_REASON = "suno: lyrics generation timed out after 600 seconds while waiting for the upstream queue";
const ALICE_CHANNEL = 7;
const ROOT_CHANNEL = 12;

async function selfId(page) {
  const me = await apiAs(page, "GET", "/api/user/self");
  assert.equal(me.success, true, me.message);
  return me.data.id;
}

async function seed(serverDb, aliceId, rootId, imageBase) {
  const nowMs = Date.now();
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  // tasks default to "from the start of today": keep every seeded row inside today
  const nowS = Math.max(Math.floor(nowMs / 1000), Math.floor(today.getTime() / 1000) + 300);
  await seedRows(serverDb, {
    midjourney: [
      {
        userId: aliceId,
        mjId: ID.mjOk,
        action: "IMAGINE",
        code: 1,
        status: "SUCCESS",
        progress: "100%",
        prompt: "一只在花园里晒太阳的橘猫 --ar 3:2",
        promptEn: "an orange cat sunbathing in a garden --ar 3:2",
        imageUrl: `${imageBase}/cat.svg`,
        channelId: ALICE_CHANNEL,
        submitTime: nowMs - 120_000,
        finishTime: nowMs - 90_000,
      },
      {
        userId: aliceId,
        mjId: ID.mjFail,
        action: "UPSCALE",
        code: 1,
        status: "FAILURE",
        progress: "0%",
        failReason: MJ_FAIL_REASON,
        channelId: ALICE_CHANNEL,
        submitTime: nowMs - 200_000,
        finishTime: nowMs - 110_000,
      },
      {
        userId: rootId,
        mjId: ID.mjRoot,
        action: "DESCRIBE",
        code: 21,
        status: "IN_PROGRESS",
        progress: "45%",
        channelId: ROOT_CHANNEL,
        submitTime: nowMs - 30_000,
      },
    ],
    task: [
      {
        userId: aliceId,
        taskId: ID.taskRun,
        platform: "suno",
        action: "MUSIC",
        status: "IN_PROGRESS",
        progress: "45%",
        channelId: ALICE_CHANNEL,
        submitTime: nowS - 30,
        data: JSON.stringify({ clips: [{ id: "clip-1", title: "Morning" }] }),
      },
      {
        userId: aliceId,
        taskId: ID.taskFail,
        platform: "suno",
        action: "LYRICS",
        status: "FAILURE",
        progress: "100%",
        failReason: TASK_FAIL_REASON,
        channelId: ALICE_CHANNEL,
        submitTime: nowS - 100,
        finishTime: nowS - 20,
      },
      {
        userId: rootId,
        taskId: ID.taskRoot,
        platform: "suno",
        action: "MUSIC",
        status: "SUCCESS",
        progress: "100%",
        channelId: ROOT_CHANNEL,
        submitTime: nowS - 50,
        finishTime: nowS - 10,
      },
    ],
  });
}

const rowOf = (page, table, id) => page.getByTestId(`${table}-row`).filter({ hasText: id });

async function rowIds(page, table, ids) {
  await page.getByTestId(`${table}-row`).first().waitFor();
  const text = await page.getByTestId(table).innerText();
  return ids.filter((id) => text.includes(id));
}

async function query(page, patch) {
  for (const [testId, value] of Object.entries(patch)) await page.getByTestId(testId).fill(value);
  await page.getByTestId("task-query").click();
}

async function aliceChecks(page, baseUrl, screenshot) {
  await page.goto(`${baseUrl}/app/logs/drawing`);
  assert.deepEqual(await rowIds(page, "drawing-table", Object.values(ID)), [ID.mjOk, ID.mjFail]);
  assert.equal(await page.getByTestId("task-filter-channel").count(), 0, "no channel filter for users");
  assert.equal(await page.getByTestId("task-channel").count(), 0, "no channel column for users");
  assert.equal(await page.getByRole("columnheader", { name: "渠道", exact: true }).count(), 0);

  const ok = rowOf(page, "drawing-table", ID.mjOk);
  const fail = rowOf(page, "drawing-table", ID.mjFail);
  assert.equal(await ok.getByTestId("task-duration").innerText(), "30 秒");
  assert.match(await ok.getByTestId("task-duration").getAttribute("class"), /text-success/);
  assert.equal(await fail.getByTestId("task-duration").innerText(), "90 秒");
  assert.match(await fail.getByTestId("task-duration").getAttribute("class"), /text-danger/, "red over 60 s");
  assert.equal(await ok.getByTestId("task-progress").getAttribute("aria-valuenow"), "100");
  await ok.getByText("绘图", { exact: true }).waitFor();
  await ok.getByText("已提交", { exact: true }).waitFor();
  await ok.getByText("无", { exact: true }).waitFor(); // no failure reason
  await fail.getByText("放大", { exact: true }).waitFor();
  await fail.getByText("失败", { exact: true }).waitFor();

  await ok.getByTestId("task-id-link").click();
  const details = await page.getByTestId("task-details-text").innerText();
  assert.match(details, new RegExp(`"mj_id": "${ID.mjOk}"`));
  assert.match(details, /"prompt_en": "an orange cat sunbathing/);
  assert.doesNotMatch(details, /channel_id/, "users never see the channel");
  await screenshot("drawing-details-zh", page);
  await closeDialog(page);

  await fail.getByTestId("task-fail-reason").click();
  assert.equal(await page.getByTestId("task-fail-text").innerText(), MJ_FAIL_REASON);
  await closeDialog(page);

  await ok.getByTestId("task-image").click();
  const img = page.getByTestId("task-image-preview");
  await img.waitFor();
  await page.waitForFunction(() => document.querySelector('[data-testid="task-image-preview"]')?.naturalWidth > 0);
  await screenshot("drawing-image-zh", page);
  await closeDialog(page);
  await screenshot("drawing-user-zh-desktop", page);

  // another user's task id finds nothing
  await query(page, { "task-filter-id": ID.mjRoot });
  await page.getByTestId("drawing-table-empty").waitFor();
  await query(page, { "task-filter-id": ID.mjFail });
  await page.getByTestId("drawing-table-row").first().waitFor();
  assert.equal(await page.getByTestId("drawing-table-row").count(), 1);

  await page.goto(`${baseUrl}/app/logs/tasks`);
  assert.deepEqual(await rowIds(page, "task-table", Object.values(ID)), [ID.taskRun, ID.taskFail]);
  assert.equal(await page.getByTestId("task-channel").count(), 0);
  const run = rowOf(page, "task-table", ID.taskRun);
  assert.equal(await run.getByTestId("task-progress").getAttribute("aria-valuenow"), "45");
  await run.getByText("45%", { exact: true }).waitFor();
  await run.getByText("执行中", { exact: true }).waitFor();
  await run.getByText("生成音乐", { exact: true }).waitFor();
  await run.getByText("Suno", { exact: true }).waitFor();
  await run.getByText("N/A", { exact: true }).waitFor(); // not finished: no time spent
  await run.getByTestId("task-id-link").click();
  const taskDetails = await page.getByTestId("task-details-text").innerText();
  assert.match(taskDetails, new RegExp(`"task_id": "${ID.taskRun}"`));
  assert.match(taskDetails, /"title": "Morning"/);
  assert.doesNotMatch(taskDetails, /channel_id/);
  await closeDialog(page);
  const taskFail = rowOf(page, "task-table", ID.taskFail);
  assert.equal(await taskFail.getByTestId("task-duration").innerText(), "80 秒");
  await taskFail.getByTestId("task-fail-reason").click();
  assert.equal(await page.getByTestId("task-fail-text").innerText(), TASK_FAIL_REASON);
  await screenshot("tasks-fail-reason-zh", page);
  await closeDialog(page);
  await screenshot("tasks-user-zh-desktop", page);
  await query(page, { "task-filter-id": ID.taskRoot });
  await page.getByTestId("task-table-empty").waitFor();
}

async function rootChecks(page, baseUrl, screenshot) {
  await page.goto(`${baseUrl}/app/logs/drawing`);
  assert.deepEqual(await rowIds(page, "drawing-table", [ID.mjOk, ID.mjFail, ID.mjRoot]), [
    ID.mjOk,
    ID.mjFail,
    ID.mjRoot,
  ]);
  await page.getByRole("columnheader", { name: "渠道", exact: true }).waitFor();
  const rootRow = rowOf(page, "drawing-table", ID.mjRoot);
  assert.equal(await rootRow.getByTestId("task-progress").getAttribute("aria-valuenow"), "45");
  await rootRow.getByText("等待中", { exact: true }).waitFor();
  await rootRow.getByTestId("task-channel").click();
  // a toast "Copied: {id}", or the manual-copy dialog where the clipboard is refused
  const toast = page.getByText(`已复制：${ROOT_CHANNEL}`, { exact: true });
  const manual = page.getByTestId("manual-copy-text");
  await toast.or(manual).first().waitFor();
  if (await manual.isVisible()) {
    assert.equal(await manual.inputValue(), String(ROOT_CHANNEL));
    await closeDialog(page);
  } else {
    assert.equal(await copiedText(page), String(ROOT_CHANNEL));
  }
  await screenshot("drawing-admin-zh-desktop", page);

  await query(page, { "task-filter-channel": String(ALICE_CHANNEL) });
  await page.getByTestId("drawing-table-row").filter({ hasText: ID.mjRoot }).waitFor({ state: "detached" });
  assert.deepEqual(await rowIds(page, "drawing-table", [ID.mjOk, ID.mjFail, ID.mjRoot]), [ID.mjOk, ID.mjFail]);

  await page.goto(`${baseUrl}/app/logs/tasks`);
  assert.deepEqual(await rowIds(page, "task-table", [ID.taskRun, ID.taskFail, ID.taskRoot]), [
    ID.taskRun,
    ID.taskFail,
    ID.taskRoot,
  ]);
  await rowOf(page, "task-table", ID.taskRoot).getByTestId("task-id-link").click();
  assert.match(await page.getByTestId("task-details-text").innerText(), new RegExp(`"channel_id": ${ROOT_CHANNEL}`));
  await closeDialog(page);
  await screenshot("tasks-admin-zh-desktop", page);

  await setLanguage(page, "en");
  await page.getByRole("heading", { name: "Task logs" }).waitFor();
  await rowOf(page, "task-table", ID.taskRoot).getByText("Succeeded", { exact: true }).waitFor();
  await rowOf(page, "task-table", ID.taskRun).getByTestId("task-channel").click();
  await page
    .getByText(`Copied: ${ALICE_CHANNEL}`, { exact: true })
    .or(page.getByTestId("manual-copy-text"))
    .first()
    .waitFor();
  await screenshot("tasks-admin-en-desktop", page);
  await page.goto(`${baseUrl}/app/logs/drawing`);
  await page.getByRole("heading", { name: "Drawing logs" }).waitFor();
  await rowOf(page, "drawing-table", ID.mjOk).getByText("Imagine", { exact: true }).waitFor();
  await screenshot("drawing-admin-en-desktop", page);
}

async function mobileShots(browser, baseUrl, screenshot) {
  for (const locale of ["zh", "en"]) {
    const { ctx, page } = await loggedInContext(browser, baseUrl, ALICE, {
      width: 375,
      height: 800,
      language: locale,
      path: API_ONLY,
    });
    try {
      for (const [path, table, name] of [
        ["/app/logs/drawing", "drawing-table", "drawing"],
        ["/app/logs/tasks", "task-table", "tasks"],
      ]) {
        await page.goto(`${baseUrl}${path}`);
        await page.getByTestId(`${table}-row`).first().waitFor();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 1, `${path} at 375 px: the page itself does not scroll sideways (${overflow}px)`);
        await screenshot(`${name}-user-${locale}-mobile`, page);
      }
    } finally {
      await ctx.close();
    }
  }
}

export async function run({ browser, baseUrl, screenshot, serverDb }) {
  const image = await startImageServer();
  const root = await loggedInContext(browser, baseUrl, ROOT, { path: API_ONLY });
  const alice = await loggedInContext(browser, baseUrl, ALICE, { path: API_ONLY });
  try {
    await grantClipboard(root.ctx, baseUrl);
    for (const key of ["DrawingEnabled", "TaskEnabled"]) {
      const res = await apiAs(root.page, "PUT", "/api/option/", { key, value: "true" });
      assert.equal(res.success, true, res.message);
    }
    await seed(serverDb, await selfId(alice.page), await selfId(root.page), image.url);
    await aliceChecks(alice.page, baseUrl, screenshot);
    await rootChecks(root.page, baseUrl, screenshot);
  } finally {
    await alice.ctx.close();
    await root.ctx.close();
    image.server.close();
  }
  await mobileShots(browser, baseUrl, screenshot);
}
