// Channels: create, validate, search, edit, test models against the
// loopback mock upstream, copy, batch tag, tag mode (enable/disable all, tag edit), delete; the
// /channel/add and /channel/edit/{id} entry points and their guards; zh/en screenshots at 1280 and 375.
import assert from "node:assert/strict";
import { ALICE, apiAs, loggedInContext, setLanguage, startMockUpstream } from "./support.mjs";
import { openChannelCreate } from "./support-admin.mjs";

const suffix = Date.now().toString(36).slice(-5);
const NAME = `e2e-ch-${suffix}`;

async function findChannels(page, keyword) {
  const res = await apiAs(page, "GET", `/api/channel/search?keyword=${encodeURIComponent(keyword)}&page_size=100`);
  assert.equal(res.success, true, res.message);
  return res.data.items;
}

async function addModel(page, model) {
  await page.getByTestId("channel-models").click();
  const search = page.getByTestId("channel-models-search");
  await search.fill(model);
  await search.press("Enter");
  await search.press("Escape");
}

/** Rows come from a client-side query, so once one shows the page is hydrated and its forms are live. */
async function hydrated(page) {
  await page.getByTestId("channel-table-row").first().waitFor();
}

async function search(page, keyword) {
  await hydrated(page);
  await page.getByTestId("channel-search-keyword").fill(keyword);
  await page.getByTestId("channel-search-submit").click();
}

const rows = (page) => page.getByTestId("channel-table-row");
const rowNamed = (page, name) =>
  rows(page).filter({ has: page.getByTestId("channel-row-name").getByText(name, { exact: true }) });

export async function run({ browser, baseUrl, screenshot }) {
  const upstream = await startMockUpstream();
  const { ctx, page } = await loggedInContext(browser, baseUrl);
  try {
    // Create: the drawer opens on the left; empty submit shows the spec message.
    await openChannelCreate(page, baseUrl);
    await page.getByTestId("channel-submit").click();
    await page.getByText("请填写渠道名称和渠道密钥！").first().waitFor();
    await page.getByTestId("channel-name").fill(NAME);
    await page.getByTestId("channel-key").fill("sk-e2e-upstream");
    await page.getByTestId("channel-base-url").fill(`${upstream.url}/`);
    await addModel(page, "e2e-model-a");
    await addModel(page, "fail-500");
    await screenshot("channel-drawer-zh-desktop", page);
    await page.getByTestId("channel-submit").click();
    await page.getByText("渠道创建成功！").first().waitFor();
    const [created] = await findChannels(page, NAME);
    assert.ok(created, "the channel was created");
    assert.equal(created.base_url, upstream.url, "the trailing slash is removed");
    assert.equal(created.models, "e2e-model-a,fail-500");
    assert.equal(created.key, "", "keys never come back");

    // Search, then edit in the right-hand drawer.
    await search(page, NAME);
    await rowNamed(page, NAME).waitFor();
    assert.equal(await rows(page).count(), 1);
    await screenshot("channel-list-zh-desktop", page);

    // Column settings are remembered across reloads.
    const balanceHeader = page.getByTestId("channel-table").getByRole("columnheader", { name: "已用/余额" });
    await page.getByTestId("channel-columns").click();
    await page.getByTestId("column-toggle-balance").click();
    await page.keyboard.press("Escape");
    await balanceHeader.waitFor({ state: "detached" });
    await page.reload();
    await hydrated(page);
    await balanceHeader.waitFor({ state: "detached" }); // hidden columns stay hidden after a reload
    await page.getByTestId("channel-columns").click();
    await page.getByTestId("columns-reset").click();
    await page.keyboard.press("Escape");
    await balanceHeader.waitFor();
    await search(page, NAME);
    await rowNamed(page, NAME).getByTestId("channel-edit").click();
    await page.getByTestId("channel-name").waitFor();
    assert.equal(await page.getByTestId("channel-name").inputValue(), NAME);
    await page.getByTestId("channel-name").fill(`${NAME}-edited`);
    await page.getByTestId("channel-submit").click();
    await page.getByText("渠道更新成功！").first().waitFor();
    await rowNamed(page, `${NAME}-edited`).waitFor();

    // Model test against the mock upstream: one model passes, fail-500 fails after its retries.
    await rowNamed(page, `${NAME}-edited`).getByTestId("channel-test").click();
    await page.getByTestId("model-test-dialog").waitFor();
    await screenshot("channel-test-dialog-zh-desktop", page);
    await page.getByTestId("model-test-all").click();
    const row = (m) => page.locator(`[data-testid="model-test-row"][data-model="${m}"]`);
    await row("e2e-model-a").and(page.locator('[data-state="success"]')).waitFor({ timeout: 20_000 });
    await row("fail-500").and(page.locator('[data-state="failed"]')).waitFor({ timeout: 20_000 });
    await screenshot("channel-test-results-zh-desktop", page);
    await page.getByTestId("model-test-delete-failed").click();
    await page.getByText("已删除 1 个失败模型").first().waitFor();
    assert.equal((await findChannels(page, NAME))[0].models, "e2e-model-a");
    await page.keyboard.press("Escape");
    await rowNamed(page, `${NAME}-edited`).getByTestId("channel-response-time").waitFor();

    // Copy: name + _复制.
    await rowNamed(page, `${NAME}-edited`).getByTestId("channel-more").click();
    await page.getByTestId("channel-copy").click();
    await rowNamed(page, `${NAME}-edited_复制`).waitFor();

    // Batch mode: select both, set a tag.
    await page.getByTestId("channel-batch-mode").click();
    await page.getByTestId("channel-table-select-page").click();
    await page.getByTestId("batch-set-tag").click();
    await page.getByTestId("batch-tag-input").fill(`tag-${suffix}`);
    await page.getByTestId("batch-tag-submit").click();
    await page.getByText("已为 2 个渠道设置标签").first().waitFor();
    await page.getByTestId("channel-batch-mode").click();

    // Tag mode: one tag row; disable all, enable all, edit the tag's priority. The mode is remembered.
    await page.getByTestId("channel-tag-mode").click();
    const tagRow = rows(page).filter({ has: page.getByTestId("channel-tag-toggle") });
    await tagRow.waitFor();
    await tagRow.getByTestId("channel-tag-toggle").click();
    await rowNamed(page, `${NAME}-edited_复制`).waitFor();
    assert.equal(await rows(page).count(), 3, "the tag row, then its two channels");
    await tagRow.getByTestId("tag-disable-all").click();
    await page.getByText("已禁用该标签下的 2 个渠道").first().waitFor();
    assert.ok((await findChannels(page, NAME)).every((c) => c.status === 2));
    await tagRow.getByTestId("tag-enable-all").click();
    await page.getByText("已启用该标签下的 2 个渠道").first().waitFor();
    await tagRow.getByTestId("tag-edit").click();
    await page.locator("#tag-edit-priority").fill("7");
    await page.getByTestId("tag-edit-submit").click();
    await page.getByText("标签更新成功！").first().waitFor();
    assert.ok((await findChannels(page, NAME)).every((c) => c.priority === 7 && c.status === 1));
    await screenshot("channel-tag-mode-zh-desktop", page);
    await page.reload();
    await rows(page)
      .filter({ has: page.getByTestId("channel-tag-toggle") })
      .first()
      .waitFor();
    await page.getByTestId("channel-tag-mode").click();

    // Entry points: /channel/edit/{id} opens the edit drawer, /channel/add the create drawer.
    const id = created.id;
    await page.goto(`${baseUrl}/channel/edit/${id}`);
    await page.getByTestId("channel-form").waitFor();
    assert.equal(await page.getByTestId("channel-name").inputValue(), `${NAME}-edited`);
    await page.goto(`${baseUrl}/channel/add`);
    await page.getByTestId("channel-form").waitFor();
    assert.equal(await page.getByTestId("channel-name").inputValue(), "");

    // A trailing slash on /api paths works like none.
    assert.equal((await apiAs(page, "GET", `/api/channel/${id}/`)).data.id, id);

    // English and mobile screenshots of the list, the drawer and the test dialog.
    await page.goto(`${baseUrl}/admin/channels`);
    await setLanguage(page, "en");
    await search(page, NAME);
    await rowNamed(page, `${NAME}-edited`).waitFor();
    await screenshot("channel-list-en-desktop", page);
    await rowNamed(page, `${NAME}-edited`).getByTestId("channel-test").click();
    await page.getByTestId("model-test-dialog").waitFor();
    await screenshot("channel-test-dialog-en-desktop", page);
    await page.keyboard.press("Escape");
    await rowNamed(page, `${NAME}-edited`).getByTestId("channel-edit").click();
    await page.getByTestId("channel-form").waitFor();
    await screenshot("channel-drawer-en-desktop", page);
    await page.keyboard.press("Escape");
    await setLanguage(page, "zh");

    for (const locale of ["zh", "en"]) {
      const mobile = await loggedInContext(browser, baseUrl, undefined, {
        width: 375,
        height: 812,
        language: locale,
        path: "/admin/channels",
      });
      const m = mobile.page;
      await search(m, NAME);
      await rowNamed(m, `${NAME}-edited`).waitFor();
      await screenshot(`channel-list-${locale}-mobile`, m);
      await rowNamed(m, `${NAME}-edited`).getByTestId("channel-test").click();
      await m.getByTestId("model-test-dialog").waitFor();
      await screenshot(`channel-test-dialog-${locale}-mobile`, m);
      await m.keyboard.press("Escape");
      await m.getByTestId("channel-add").click();
      await m.getByTestId("channel-form").waitFor();
      await screenshot(`channel-drawer-${locale}-mobile`, m);
      await mobile.ctx.close();
    }

    // Delete one through its menu, the other through batch delete.
    await page.goto(`${baseUrl}/admin/channels`);
    await search(page, NAME);
    await rowNamed(page, `${NAME}-edited_复制`).getByTestId("channel-more").click();
    await page.getByTestId("channel-delete").click();
    await page.getByTestId("channel-confirm-confirm").click();
    await page.getByText("渠道已删除").first().waitFor();
    await page.getByTestId("channel-batch-mode").click();
    await page.getByTestId("batch-delete").click();
    await page.getByText("请先选择要删除的通道！").first().waitFor();
    await page.getByTestId("channel-table-select-page").click();
    await page.getByTestId("batch-delete").click();
    await page.getByTestId("channel-confirm-confirm").click();
    await page.getByText("已删除 1 个渠道").first().waitFor();
    assert.equal((await findChannels(page, NAME)).length, 0);

    // Guards: visitors go to /login, ordinary users go home.
    const anon = await browser.newContext();
    const a = await anon.newPage();
    await a.goto(`${baseUrl}/channel/add`);
    assert.equal(new URL(a.url()).pathname, "/login");
    await anon.close();
    const alice = await loggedInContext(browser, baseUrl, ALICE, { path: `/channel/edit/${id}` });
    assert.equal(new URL(alice.page.url()).pathname, "/");
    await alice.page.goto(`${baseUrl}/admin/channels`);
    assert.equal(new URL(alice.page.url()).pathname, "/");
    await alice.ctx.close();
  } catch (err) {
    await screenshot("failure", page).catch(() => undefined);
    throw err;
  } finally {
    await ctx.close();
    await upstream.close();
  }
}
