// /playground, /chat/{id} and /chat2link against the loopback mock upstream: alice picks a model,
// sends with Enter, watches the reply go loading → incomplete → complete (and grow), stops one,
// sees an upstream error on its reply, clears the context; the stored chat survives a reload and an
// unreadable one is reported. A user without an enabled token is sent from /chat/0 to /app/tokens;
// with a token the frame carries the key; a javascript: entry is a configuration error.
import assert from "node:assert/strict";
import { asRoot, mergeOption, setQuota } from "./support-admin.mjs";
import { ALICE, API_ONLY, apiAs, loggedInContext, startMockUpstream } from "./support.mjs";

const MODEL = "e2e-pg-model";
const STALL = "stall-e2e-pg"; // one chunk, 5 s of silence, then [DONE]
const SLOW = "slow-e2e-pg"; // 50 chunks, 20 ms apart
const FAIL = "fail-400-e2e-pg"; // the upstream answers 400 (not retried, no automatic disable)
const NO_TOKEN_USER = { username: "pg-notoken", password: "pgnotoken1" };

const ok = (r) => assert.equal(r.success, true, r.message);

async function prepare(browser, baseUrl, upstreamUrl) {
  await asRoot(browser, baseUrl, async (page) => {
    await mergeOption(page, "ModelRatio", Object.fromEntries([MODEL, STALL, SLOW, FAIL].map((m) => [m, 1])));
    const channel = { type: 1, key: "sk-upstream", base_url: upstreamUrl, group: "default" };
    ok(
      await apiAs(page, "POST", "/api/channel/", {
        ...channel,
        name: "e2e-pg",
        models: [MODEL, STALL, SLOW].join(","),
      }),
    );
    // its own channel, so an automatic disable after the failure touches nothing else
    ok(await apiAs(page, "POST", "/api/channel/", { ...channel, name: "e2e-pg-fail", models: FAIL }));
    const chats = [
      { "E2E Chat": `${baseUrl}/about?key={key}&server={address}` },
      { Broken: "javascript:alert('{key}')" },
    ];
    ok(await apiAs(page, "PUT", "/api/option/", { key: "Chats", value: JSON.stringify(chats) }));
    ok(await apiAs(page, "PUT", "/api/option/", { key: "ChatLink", value: "" }));
    ok(await apiAs(page, "POST", "/api/user/", { ...NO_TOKEN_USER, display_name: "pg" }));
    await setQuota(page, ALICE.username, 100_000_000);
  });
}

const restoreChats = (browser, baseUrl) =>
  asRoot(browser, baseUrl, async (page) => ok(await apiAs(page, "PUT", "/api/option/", { key: "Chats", value: "[]" })));

async function waitLastStatus(page, status, timeout = 15_000) {
  await page.waitForFunction(
    (s) => {
      const all = document.querySelectorAll('[data-testid="pg-message"]');
      const last = all[all.length - 1];
      return last?.getAttribute("data-role") === "assistant" && last.getAttribute("data-status") === s;
    },
    status,
    { timeout },
  );
}

const assistant = (page) => page.locator('[data-testid="pg-message"][data-role="assistant"]').last();

async function chooseModel(page, model) {
  await page.getByTestId("pg-model").click();
  await page.getByTestId("pg-model-search").fill(model.slice(0, 8));
  await page.getByTestId(`pg-model-option-${model}`).click();
  await page.getByTestId("pg-current-model").filter({ hasText: model }).waitFor();
}

async function send(page, text) {
  await page.getByTestId("pg-input").fill(text);
  await page.getByTestId("pg-input").press("Enter");
}

async function playgroundFlow(page, screenshot) {
  await page.goto(page.url().replace(/\/app\/tokens.*$/, "/playground"));
  // a fresh playground: the greeting pair
  await page.getByTestId("pg-message").nth(1).waitFor();
  assert.equal(await page.getByTestId("pg-message").count(), 2);
  await page.getByTestId("pg-message").first().getByText("你好", { exact: true }).waitFor();
  assert.equal(await page.getByTestId("pg-system").inputValue(), "You are a helpful assistant.");
  assert.equal(await page.getByTestId("pg-temperature-value").innerText(), "0.0");

  // settings reach the request: model, temperature (slider), integer max tokens, system prompt, user header
  await chooseModel(page, STALL);
  await page.getByTestId("pg-temperature").fill("0.7");
  assert.equal(await page.getByTestId("pg-temperature-value").innerText(), "0.7");
  await page.getByTestId("pg-max-tokens").fill("64");
  const requestSeen = page.waitForRequest((r) => r.url().endsWith("/pg/chat/completions"));
  // Shift+Enter is a new line, not a send
  await page.getByTestId("pg-input").fill("first line");
  await page.getByTestId("pg-input").press("Shift+Enter");
  await page.getByTestId("pg-input").pressSequentially("second");
  assert.equal(await page.getByTestId("pg-message").count(), 2);
  await page.getByTestId("pg-input").press("Enter");
  const req = await requestSeen;
  const body = req.postDataJSON();
  assert.equal(body.model, STALL);
  assert.equal(body.stream, true);
  assert.equal(body.group, "");
  assert.equal(body.max_tokens, 64);
  assert.equal(body.temperature, 0.7);
  assert.deepEqual(body.messages[0], { role: "system", content: "You are a helpful assistant." });
  assert.deepEqual(body.messages.at(-1), { role: "user", content: "first line\nsecond" });
  assert.match(req.headers()["new-api-user"] ?? "", /^\d+$/);
  assert.match(req.headers()["content-type"] ?? "", /application\/json/);

  // loading/incomplete while the upstream stalls, complete after [DONE]
  await waitLastStatus(page, "incomplete");
  await assistant(page).getByText("before the stall").waitFor();
  await page.getByTestId("pg-stop").waitFor();
  await screenshot("streaming-zh", page);
  await waitLastStatus(page, "complete");
  assert.match(await assistant(page).innerText(), /before the stall/);

  // the reply grows chunk by chunk
  await chooseModel(page, SLOW);
  await send(page, "count please");
  const lengths = [];
  for (let i = 0; i < 40; i++) {
    const status = await assistant(page).getAttribute("data-status");
    lengths.push((await assistant(page).getByTestId("pg-message-content").innerText()).length);
    if (status === "complete") break;
    await page.waitForTimeout(40);
  }
  await waitLastStatus(page, "complete");
  assert.match(await assistant(page).innerText(), /word0 word1 .*word49/s);
  const distinct = new Set(lengths.filter((n) => n > 0));
  assert.ok(distinct.size >= 3, `the reply grew in steps (${lengths.join(",")})`);

  // stop keeps what arrived and ends the reply
  await chooseModel(page, STALL);
  await send(page, "stop me");
  await waitLastStatus(page, "incomplete");
  await page.getByTestId("pg-stop").click();
  await page.getByTestId("pg-send").waitFor();
  assert.equal(await assistant(page).getAttribute("data-status"), "complete");
  assert.match(await assistant(page).innerText(), /before the stall/);

  // an upstream failure shows on the reply as an error
  await chooseModel(page, FAIL);
  await send(page, "fail please");
  await waitLastStatus(page, "error");
  await screenshot("error-zh", page);

  // the chat is kept across a reload
  const count = await page.getByTestId("pg-message").count();
  await page.reload();
  await page
    .getByTestId("pg-message")
    .nth(count - 1)
    .waitFor();
  assert.equal(await page.getByTestId("pg-message").count(), count);
  assert.equal(await page.getByTestId("pg-current-model").innerText(), FAIL);

  // clear context, after confirming
  await page.getByTestId("pg-clear").click();
  await page.getByTestId("pg-clear-confirm").click();
  await page.getByTestId("pg-empty").waitFor();
  assert.equal(await page.getByTestId("pg-message").count(), 0);

  // unreadable stored data: 聊天数据解析失败 and a fresh chat
  await page.evaluate(() => localStorage.setItem("playground_chat", "{broken"));
  await page.reload();
  await page.getByText("聊天数据解析失败").first().waitFor();
  await page.getByTestId("pg-message").nth(1).waitFor();
  assert.equal(await page.getByTestId("pg-message").count(), 2);

  // the expired flag
  await page.goto(page.url().split("?")[0] + "?expired=true");
  await page.getByText("未登录或登录已过期，请重新登录！").first().waitFor();
}

async function screens(browser, baseUrl, screenshot) {
  for (const locale of ["zh", "en"]) {
    for (const [label, width, height] of [
      ["desktop", 1280, 860],
      ["mobile", 375, 760],
    ]) {
      const { ctx, page } = await loggedInContext(browser, baseUrl, ALICE, {
        width,
        height,
        language: locale,
        path: "/playground",
      });
      try {
        if (label === "mobile") {
          // the settings live behind the toggle on phones
          assert.equal(await page.getByTestId("pg-panel").isVisible(), false, "the panel is hidden on phones");
          await page.getByTestId("pg-panel-toggle").click();
          await chooseModel(page, MODEL);
          await page.getByTestId("pg-panel-close").click();
        } else await chooseModel(page, MODEL);
        await send(page, locale === "zh" ? "你好，介绍一下你自己" : "Hi, introduce yourself");
        await waitLastStatus(page, "complete");
        if (label === "mobile") {
          await screenshot(`playground-${label}-${locale}`, page);
          await page.getByTestId("pg-panel-toggle").click();
          await page.getByTestId("pg-settings").waitFor();
          await screenshot(`playground-${label}-panel-${locale}`, page);
          await page.getByTestId("pg-panel-close").click();
          await page.getByTestId("pg-input").waitFor();
        } else {
          await page.getByTestId("pg-settings").waitFor();
          await screenshot(`playground-${label}-${locale}`, page);
        }
        await page.goto(`${baseUrl}/chat/0`);
        await page.getByTestId("chat-iframe").waitFor();
        await page.frameLocator('[data-testid="chat-iframe"]').locator("body").waitFor();
        await screenshot(`chat-${label}-${locale}`, page);
      } finally {
        await ctx.close();
      }
    }
  }
}

async function chatPages(browser, baseUrl, screenshot) {
  // no enabled token: the error, then /app/tokens after 1.5 s
  {
    const { ctx, page } = await loggedInContext(browser, baseUrl, NO_TOKEN_USER, { path: "/chat/0" });
    try {
      await page.getByTestId("chat-error").waitFor();
      assert.equal(await page.getByTestId("chat-error").getAttribute("data-kind"), "no_token");
      await page.getByText("当前没有可用的启用令牌").first().waitFor();
      await screenshot("chat-no-token-zh", page);
      await page.waitForURL((u) => new URL(u).pathname === "/app/tokens", { timeout: 10_000 });
      // /chat2link too
      await page.goto(`${baseUrl}/chat2link`);
      await page.waitForURL((u) => new URL(u).pathname === "/app/tokens", { timeout: 10_000 });
    } finally {
      await ctx.close();
    }
  }
  // with a token: its key in the frame; a javascript: entry is refused
  const { ctx, page } = await loggedInContext(browser, baseUrl, ALICE, { path: API_ONLY });
  try {
    const created = await apiAs(page, "POST", "/api/token/", { name: "e2e-pg-chat", unlimited_quota: true });
    ok(created);
    const list = await apiAs(page, "GET", "/api/token/?p=1&size=100");
    const firstEnabled = list.data.items.find((t) => t.status === 1);
    // The API answers the key without "sk-" (new-api); the chat link carries it with the prefix.
    const bare = (await apiAs(page, "POST", `/api/token/${firstEnabled.id}/key`)).data.key;
    assert.match(bare, /^[A-Za-z0-9]{48}$/);
    const key = `sk-${bare}`;
    await page.goto(`${baseUrl}/chat/0`);
    const src = await page.getByTestId("chat-iframe").getAttribute("src");
    assert.ok(src.includes(`key=${key}`), `the frame carries the key: ${src}`);
    assert.ok(src.includes(`server=${encodeURIComponent(baseUrl)}`), `and the encoded server address: ${src}`);
    assert.equal(await page.getByTestId("side-nav").count(), 0, "no sidebar on /chat");

    await page.goto(`${baseUrl}/chat/1`);
    await page.getByText("聊天链接配置错误，请联系管理员").first().waitFor();
    assert.equal(await page.getByTestId("chat-iframe").count(), 0);
    await page.goto(`${baseUrl}/chat/7`);
    await page.getByTestId("chat-error").waitFor();

    await page.goto(`${baseUrl}/chat2link`);
    await page.waitForURL((u) => new URL(u).pathname === "/about", { timeout: 10_000 });
    assert.equal(new URL(page.url()).searchParams.get("key"), key);
  } finally {
    await ctx.close();
  }
}

export async function run({ browser, baseUrl, screenshot }) {
  const upstream = await startMockUpstream();
  try {
    await prepare(browser, baseUrl, upstream.url);
    // visitors are sent to login
    {
      const ctx = await browser.newContext();
      const page = await ctx.newPage();
      for (const path of ["/playground", "/chat/0", "/chat2link"]) {
        await page.goto(`${baseUrl}${path}`);
        assert.equal(new URL(page.url()).pathname, "/login", path);
      }
      await ctx.close();
    }
    {
      const { ctx, page } = await loggedInContext(browser, baseUrl, ALICE);
      try {
        await page.evaluate(() => localStorage.removeItem("playground_chat"));
        await playgroundFlow(page, screenshot);
      } finally {
        await ctx.close();
      }
    }
    await chatPages(browser, baseUrl, screenshot);
    await screens(browser, baseUrl, screenshot);
  } finally {
    await restoreChats(browser, baseUrl).catch(() => undefined);
    await upstream.close();
  }
}
