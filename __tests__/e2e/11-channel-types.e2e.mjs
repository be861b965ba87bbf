// The channel form per type (issue 20 "Console"): Bedrock, Vertex, Azure, Dify and Coze show their
// setup note and key format (texts from the i18n and vendor catalogues, not copied here), refuse a
// save that lacks what the relay needs without sending anything, a complete Bedrock channel saves, a
// type without an adapter cannot be saved (form and API), and the notes follow the UI language.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { apiAs, loggedInContext } from "./support.mjs";
import { openChannelCreate } from "./support-admin.mjs";

export const needs = "root";

const root = fileURLToPath(new URL("../..", import.meta.url));
const readJson = (rel) => JSON.parse(fs.readFileSync(`${root}/${rel}`, "utf8"));
const catalogue = (locale) => readJson(`modules/channels/i18n/${locale}/channels.json`);
/** The server's messages the form shows for the schema's refusals (the routes' own texts). */
const serverTexts = () => ({
  ...readJson("messages/zh/server.json"),
  ...readJson("modules/channels/i18n/zh/server-channels.json"),
});
/** The vendor catalogue as the form reads it (lib/channel-types.ts, TypeScript, through tsx). */
function channelTypes() {
  const code =
    'const m = await import("./lib/channel-types.ts"); const C = m.CHANNEL_TYPES ?? m.default.CHANNEL_TYPES;' +
    "process.stdout.write(JSON.stringify(C.map((t) => ({ id: t.id, keyFormat: t.keyFormat, relayed: t.relayed, setup: t.form?.setup }))));";
  const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], { cwd: root });
  return new Map(JSON.parse(out.toString()).map((t) => [t.id, t]));
}

const NAME = `e2e-bedrock-${Date.now().toString(36).slice(-5)}`;

export async function run({ browser, baseUrl, screenshot }) {
  const zh = catalogue("zh");
  const en = catalogue("en");
  const server = serverTexts();
  const types = channelTypes();
  for (const id of [15, 16, 18, 21, 22]) assert.equal(types.get(id).relayed, false, `type ${id} has no adapter`);
  const keyHint = (t, id) => t.key_format_hint.replace("{format}", types.get(id).keyFormat);

  const { ctx, page } = await loggedInContext(browser, baseUrl, undefined, { width: 1280, height: 1000 });
  // Every channel POST the page sends; a refused save must leave this empty.
  const posts = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname.startsWith("/api/channel")) posts.push(r.url());
  });
  const field = (id) => page.locator(`#${id}`);
  const errorOf = (id) => page.locator(`#${id}-error`);
  const selectType = async (id) => {
    await page.getByTestId("channel-type").click();
    await page.getByTestId(`channel-type-option-${id}`).click();
    await page.getByTestId("channel-type").and(page.locator(`[data-state="closed"]`)).waitFor();
  };
  /** The type's setup note is the catalogue's text and sits right under the type select. */
  const checkNote = async (t, id) => {
    const note = page.getByTestId("channel-type-setup");
    assert.equal(await note.textContent(), t[`setup_${types.get(id).setup}`], `setup note of type ${id}`);
    const select = await page.getByTestId("channel-type").boundingBox();
    const box = await note.boundingBox();
    const gap = box.y - (select.y + select.height);
    assert.ok(gap >= 0 && gap < 16, `the note of type ${id} is ${gap}px below the select`);
    await page.getByText(keyHint(t, id), { exact: true }).waitFor();
  };
  const submitRefused = async (fieldId, text) => {
    await errorOf(fieldId).waitFor({ state: "detached" }); // any change clears the last error
    await page.getByTestId("channel-submit").click();
    await errorOf(fieldId).waitFor();
    assert.equal(await errorOf(fieldId).textContent(), text);
    assert.deepEqual(posts, [], "a refused save sends nothing");
  };

  try {
    await openChannelCreate(page, baseUrl);
    await field("channel-name").fill(NAME);

    // Bedrock: a key without a region and an empty region field.
    await selectType(33);
    await checkNote(zh, 33);
    const region = page.getByLabel(zh.other_aws_region, { exact: true });
    assert.equal(await region.getAttribute("placeholder"), zh.other_aws_region_placeholder);
    await field("channel-key").fill("AKIAEXAMPLE|secretEXAMPLE");
    await submitRefused("channel-other", server.channel_region_required);
    await screenshot("bedrock-zh", page);

    // Vertex: the key must be a service-account JSON (it holds the project).
    await selectType(41);
    await checkNote(zh, 41);
    assert.equal(await field("channel-key").evaluate((el) => el.tagName), "TEXTAREA");
    await field("channel-key").fill("not a service account");
    await submitRefused("channel-key", server.channel_vertex_key_invalid);
    await screenshot("vertex-zh", page);

    // Azure: the resource endpoint (base URL) is required; the API version field is there.
    await selectType(3);
    await checkNote(zh, 3);
    await page.getByLabel(zh.other_api_version, { exact: true }).waitFor();
    await field("channel-key").fill("azure-key");
    await field("channel-base-url").fill("");
    await submitRefused("channel-base-url", server.channel_base_url_needed);
    await screenshot("azure-zh", page);

    // Dify and Coze: the key is required (the base URL has a default, Coze's bot ID falls back to the model).
    for (const id of [37, 49]) {
      await selectType(id);
      await checkNote(zh, id);
      await field("channel-key").fill("");
      await submitRefused("channel-key", server.channel_name_key_required); // under the empty field
      assert.equal(await field("channel-key").getAttribute("aria-invalid"), "true");
      await screenshot(id === 37 ? "dify-zh" : "coze-zh", page);
    }
    await page.getByLabel(zh.other_bot_id, { exact: true }).waitFor();

    // A type without an adapter: the form says so up front and refuses before asking for anything
    // else (the key is still empty); the error then replaces the warning. The API refuses it too.
    await selectType(15);
    await page.getByText(zh.type_not_relayed, { exact: true }).waitFor();
    await submitRefused("channel-type", server.channel_type_unsupported.replace("{type}", "15"));
    assert.equal(await page.getByText(zh.type_not_relayed, { exact: true }).count(), 0);
    await screenshot("unsupported-zh", page);
    const refused = await apiAs(page, "POST", "/api/channel", {
      mode: "single",
      channel: { name: `${NAME}-15`, type: 15, key: "ak|sk", models: "ERNIE-3.5-8K", group: "default" },
    });
    assert.equal(refused.success, false);
    assert.equal(refused.message, "本网关尚不支持渠道类型 15（没有适配器），无法保存");
    posts.length = 0; // that POST was the test's own

    // A complete Bedrock channel saves and is listed.
    await selectType(33);
    await field("channel-key").fill("AKIAEXAMPLE|secretEXAMPLE|us-east-1");
    await page.getByTestId("channel-submit").click();
    await page.getByText("渠道创建成功！").first().waitFor();
    assert.equal(posts.length, 1, "the complete form is sent once");
    await page.getByTestId("channel-form").waitFor({ state: "detached" });
    await page.getByTestId("channel-search-keyword").fill(NAME);
    await page.getByTestId("channel-search-submit").click();
    await page.getByTestId("channel-row-name").getByText(NAME, { exact: true }).waitFor();
    const found = await apiAs(page, "GET", `/api/channel/search?keyword=${NAME}&page_size=10`);
    assert.deepEqual(
      found.data.items.map((c) => [c.name, c.type, c.key]),
      [[NAME, 33, ""]],
    );
    await screenshot("bedrock-listed-zh", page);

    // English, switched in the UI: the Bedrock note and key format hint follow.
    await page.getByTestId("language-menu").click();
    await page.getByTestId("language-en").click();
    await page.waitForFunction(() => document.documentElement?.lang === "en");
    await page.getByTestId("channel-add").click();
    await page.getByTestId("channel-form").waitFor();
    await selectType(33);
    await checkNote(en, 33);
    await screenshot("bedrock-en", page);
  } catch (err) {
    await screenshot("failure", page).catch(() => undefined);
    throw err;
  } finally {
    await ctx.close();
  }
}
