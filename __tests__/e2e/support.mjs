// Shared steps for the browser specs. Not a spec itself (run.mjs only loads *.e2e.mjs).
import { tsImport } from "tsx/esm/api";

export const ROOT = { username: "root", password: "rootpassword" };
export const ALICE = { username: "alice", password: "alicepass1" };

/** Runs in the page before its scripts (addInitScript): the stored user, once per context and origin. */
function seedStoredUser({ origin, user }) {
  if (location.origin !== origin || localStorage.getItem("e2e-seeded") !== null) return;
  localStorage.setItem("user", user);
  localStorage.setItem("e2e-seeded", "1");
}

/**
 * A browser context (zh unless told otherwise) already signed in: logs in through POST /api/user/login
 * and hands the session cookie and the stored user (what the login form keeps in localStorage) to a
 * fresh context, then opens `path` (/app/tokens unless told). The login form itself is tested in
 * 02-login. `language` ("zh" | "en") sets the language menu's cookie before that first page, so a
 * spec does not load a page only to reload it in another language (each load costs ~1 s of CPU).
 * API_ONLY as `path` opens a JSON response instead of a console page: for a context used only
 * through apiAs().
 */
export async function loggedInContext(browser, baseUrl, account = ROOT, options = {}) {
  const { locale = "zh-CN", width = 1280, height = 860, path = "/app/tokens", language } = options;
  const res = await fetch(`${baseUrl}/api/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: account.username, password: account.password }),
  });
  const json = await res.json();
  if (!json.success) throw new Error(`login as ${account.username} failed: ${json.message}`);
  const cookies = res.headers.getSetCookie().map((line) => {
    const [pair, ...attrs] = line.split(";");
    const eq = pair.indexOf("=");
    const flag = (n) => attrs.some((a) => a.trim().toLowerCase() === n);
    const sameSite =
      attrs
        .map((a) => a.trim())
        .find((a) => /^samesite=/i.test(a))
        ?.split("=")[1] ?? "Lax";
    return {
      name: pair.slice(0, eq).trim(),
      value: pair.slice(eq + 1).trim(),
      url: baseUrl,
      httpOnly: flag("httponly"),
      secure: flag("secure"),
      sameSite: sameSite[0].toUpperCase() + sameSite.slice(1).toLowerCase(),
    };
  });
  if (language) cookies.push({ name: "NEXT_LOCALE", value: language, url: baseUrl });
  const ctx = await browser.newContext({ locale, viewport: { width, height } });
  await ctx.addCookies(cookies);
  // The stored user the console keeps after a login (lib/client/storage.ts), written before the first
  // page's scripts run and only once per context (a logout's removal stays). Playwright's storageState
  // would do it by loading the origin in a page of its own first: ~0.4 s of CPU per context.
  await ctx.addInitScript(seedStoredUser, { origin: new URL(baseUrl).origin, user: JSON.stringify(json.data) });
  const page = await ctx.newPage();
  await page.goto(`${baseUrl}${path}`);
  return { ctx, page };
}

/** loggedInContext's `path` for a context that only calls the API (apiAs): a same-origin page without UI. */
export const API_ONLY = "/api/status";

/** Switches the UI language through the cookie the language menu sets, then reloads. */
export async function setLanguage(page, locale) {
  const url = new URL(page.url());
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: locale, url: url.origin }]);
  await page.reload();
}

/**
 * Calls the console API as the browser's logged-in user (cookie + New-Api-User from local storage),
 * for test set-up that is not itself under test.
 */
export async function apiAs(page, method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const stored = JSON.parse(localStorage.getItem("user") || "null");
      const res = await fetch(path, {
        method,
        headers: { "Content-Type": "application/json", ...(stored ? { "New-Api-User": String(stored.id) } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return res.json();
    },
    { method, path, body },
  );
}

/** The loopback mock upstream of the relay tests (test-support/upstream/mock-upstream.ts), loaded through tsx. */
export async function startMockUpstream() {
  const mod = await tsImport("../../test-support/upstream/mock-upstream.ts", import.meta.url);
  return mod.startMockUpstream();
}

/**
 * Inserts rows straight into the e2e server's database (tables no console API writes, e.g. drawing
 * tasks and task records): `serverDb` is the run() argument of the same name, `rows` maps a table
 * (midjourney, task) to Prisma create rows. Runs __tests__/e2e/seed-rows.ts in a child process.
 */
export async function seedRows(serverDb, rows) {
  const { spawn } = await import("node:child_process");
  const { fileURLToPath } = await import("node:url");
  const script = fileURLToPath(new URL("./seed-rows.ts", import.meta.url));
  const root = fileURLToPath(new URL("../..", import.meta.url));
  const env = { ...process.env, LOG_LEVEL: "silent" };
  delete env.DATABASE_URL;
  Object.assign(env, serverDb);
  await new Promise((resolve, reject) => {
    // seed-rows loads server modules (db): the hook maps their `import "server-only"` marker.
    const hook = fileURLToPath(new URL("../../scripts/server-only-hook.mjs", import.meta.url));
    const child = spawn(process.execPath, ["--import", hook, "--import", "tsx", script], {
      cwd: root,
      env,
      stdio: ["pipe", "inherit", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`seed-rows exited ${code}: ${stderr}`))));
    child.stdin.end(JSON.stringify(rows));
  });
}

/**
 * Lets the context's pages copy, and records what the console copies (navigator.clipboard.writeText)
 * in the page itself: the system clipboard is one for every context of the browser, and specs in the
 * other lanes write it too (75-task-logs copied "7" into 92-mail-auth's check). Read it with copiedText.
 */
export async function grantClipboard(ctx, baseUrl) {
  await ctx.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
  await ctx.addInitScript(recordCopies);
  for (const page of ctx.pages()) await page.evaluate(recordCopies); // pages already open
}

function recordCopies() {
  const clip = navigator.clipboard;
  if (!clip || window.__copied) return;
  const write = clip.writeText.bind(clip);
  window.__copied = [];
  clip.writeText = (text) => {
    window.__copied.push(String(text));
    return write(text);
  };
}

/** What this page copied last (grantClipboard), or null. */
export const copiedText = (page) => page.evaluate(() => window.__copied?.at(-1) ?? null);
