// Multi-key channels (issue 41): the edit drawer lists the channel's keys masked with their status;
// a disabled key is enabled again from its row, in zh and in en; "disable all" asks first. The
// key actions' API contract is tested in modules/channels/__tests__/channel-multi-key.test.ts, the relay's use of a
// re-enabled key in __tests__/relay/relay-features.test.ts.
import assert from "node:assert/strict";
import { API_ONLY, apiAs, loggedInContext } from "./support.mjs";

export const needs = "root";

const KEYS = ["sk-e2e-multi-key-000001", "sk-e2e-multi-key-000002", "sk-e2e-multi-key-000003"];
const NAME = `e2e-mk-${Date.now().toString(36).slice(-5)}`;

const manage = (page, body) => apiAs(page, "POST", "/api/channel/multi_key/manage", body);

async function keyStatuses(page, id) {
  const res = await manage(page, { channel_id: id, action: "get_key_status" });
  assert.equal(res.success, true, res.message);
  return res.data.keys.map((k) => k.status);
}

/** Opens the channel's edit drawer on a page in `language` and waits for its key list. */
async function openKeys(browser, baseUrl, id, language) {
  const { ctx, page } = await loggedInContext(browser, baseUrl, undefined, {
    language,
    path: `/channel/edit/${id}`,
    height: 1000,
  });
  await page.getByTestId("multi-key-table").getByText("sk-e2e-mul...").first().waitFor();
  return { ctx, page };
}

export async function run({ browser, baseUrl, screenshot }) {
  const setup = await loggedInContext(browser, baseUrl, undefined, { path: API_ONLY });
  let id;
  try {
    const created = await apiAs(setup.page, "POST", "/api/channel/", {
      mode: "multi_to_single",
      channel: { name: NAME, type: 1, key: KEYS.join("\n"), models: "e2e-mk", group: "default" },
    });
    assert.equal(created.success, true, created.message);
    id = created.data.ids[0];
    assert.equal((await manage(setup.page, { channel_id: id, action: "disable_key", key_index: 1 })).success, true);
  } finally {
    await setup.ctx.close();
  }

  const texts = {
    zh: { enabled: "已启用", disabled: "手动禁用", done: "密钥已启用", allDone: "已禁用 3 个密钥" },
    en: { enabled: "Enabled", disabled: "Disabled", done: "Key enabled", allDone: "Disabled 3 keys" },
  };
  for (const language of ["zh", "en"]) {
    const t = texts[language];
    const { ctx, page } = await openKeys(browser, baseUrl, id, language);
    // The key panel sits inside the channel form: none of its buttons may save the channel.
    const saves = [];
    page.on("request", (r) => {
      if (r.method() === "PUT" && new URL(r.url()).pathname.startsWith("/api/channel")) saves.push(r.url());
    });
    try {
      const status = (i) => page.getByTestId(`key-status-${i}`);
      assert.equal(await status(1).textContent(), t.disabled);
      // No key leaves the server whole.
      const table = await page.getByTestId("multi-key-table").textContent();
      for (const key of KEYS) assert.ok(!table.includes(key), "keys are masked");
      await screenshot(`multi-key-drawer-${language}-desktop`, page);

      await page.getByTestId("key-enable-1").click();
      await page.getByText(t.done).first().waitFor();
      await page.getByTestId("key-disable-1").waitFor();
      assert.equal(await status(1).textContent(), t.enabled);
      assert.deepEqual(await keyStatuses(page, id), [1, 1, 1]);

      // Disable all asks first; then every key is disabled, and key 1 goes back on for the next round.
      await page.getByTestId("keys-disable-all").click();
      await page.getByTestId("multi-key-confirm-confirm").waitFor();
      await screenshot(`multi-key-confirm-${language}-desktop`, page);
      assert.deepEqual(await keyStatuses(page, id), [1, 1, 1], "nothing changes before the confirmation");
      await page.getByTestId("multi-key-confirm-confirm").click();
      await page.getByText(t.allDone).first().waitFor();
      assert.deepEqual(await keyStatuses(page, id), [2, 2, 2]);
      assert.deepEqual(saves, [], "the key actions never submit the channel form");
      assert.equal((await manage(page, { channel_id: id, action: "enable_all_keys" })).success, true);
      assert.equal((await manage(page, { channel_id: id, action: "disable_key", key_index: 1 })).success, true);
    } finally {
      await ctx.close();
    }
  }
}
