// Root-side preparation shared by the specs (support.mjs is the runner's own): run steps in a root
// browser context, add a channel, merge entries into a JSON option, give a user quota. Each step
// asserts success. Also the screenshot views the specs share.
import assert from "node:assert/strict";
import { apiAs, loggedInContext, ROOT } from "./support.mjs";

const ok = (r) => assert.equal(r.success, true, r.message);

/** Runs `fn(page)` signed in as root and closes the context; returns what `fn` returns. */
export async function asRoot(browser, baseUrl, fn) {
  const { ctx, page } = await loggedInContext(browser, baseUrl, ROOT);
  try {
    return await fn(page);
  } finally {
    await ctx.close();
  }
}

/** The screenshot views of the specs: zh and en, desktop and phone ([locale, width, height]). */
export const VIEWS = [
  ["zh", 1280, 860],
  ["en", 1280, 860],
  ["zh", 375, 812],
  ["en", 375, 812],
];

/**
 * Opens /admin/channels and its create drawer. The list is fetched client-side: once it is
 * answered, the page is hydrated and its buttons work.
 */
export async function openChannelCreate(page, baseUrl) {
  const listed = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/api/channel"));
  await page.goto(`${baseUrl}/admin/channels`);
  await listed;
  await page.getByTestId("channel-add").click();
  await page.getByTestId("channel-form").waitFor();
}

/** Adds an OpenAI-type channel (key sk-upstream, group default) on `upstreamUrl` serving `models`. */
export async function addUpstreamChannel(page, name, upstreamUrl, models) {
  ok(
    await apiAs(page, "POST", "/api/channel/", {
      name,
      type: 1,
      key: "sk-upstream",
      base_url: upstreamUrl,
      models,
      group: "default",
    }),
  );
}

/** Merges `patch` into a JSON option (ModelRatio, ModelPrice, ...), keeping what other specs set. */
export async function mergeOption(page, key, patch) {
  const options = await apiAs(page, "GET", "/api/option/");
  const current = JSON.parse(options.data.find((o) => o.key === key)?.value || "{}");
  ok(await apiAs(page, "PUT", "/api/option/", { key, value: JSON.stringify({ ...current, ...patch }) }));
}

/** Sets the quota of the user named `username` (found through the admin search). */
export async function setQuota(page, username, quota) {
  const found = await apiAs(page, "GET", `/api/user/search?keyword=${encodeURIComponent(username)}`);
  const user = found.data.items.find((u) => u.username === username);
  assert.ok(user, `user ${username} exists`);
  ok(await apiAs(page, "PUT", "/api/user/", { id: user.id, quota }));
}
