// The gateway scripts/relay-walk.mjs measures: `npm run dev`'s server command (the TypeScript sources under
// tsx) with scripts/relay-walk-probe.mjs preloaded, on a data folder the caller prepared, and set up through
// /api as an administrator would (root, prices, one channel per mock upstream, a token).
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { devServerArgs, devServerEnv } from "./dev-server-command.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DEADLINE_MS = 60_000;

/** Polls `condition` (5 ms apart) until it answers something truthy; throws after a minute. */
export async function until(what, condition) {
  const deadline = Date.now() + DEADLINE_MS;
  for (;;) {
    const value = await condition();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`relay-walk: timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

export async function startServer(dataDir, probeDir, port) {
  const env = devServerEnv(port, dataDir, {
    TASK_POLL_INTERVAL_MS: "3600000", // no task polling inside a measured window
    RELAY_WALK_OUT: probeDir,
  });
  // The probe is preloaded first, before the dev script's own --import hooks.
  const args = ["--import", "./scripts/relay-walk-probe.mjs", ...devServerArgs(ROOT)];
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d.toString()));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const url = `http://127.0.0.1:${port}`;
  await until("the gateway to start", async () => {
    if (child.exitCode !== null) throw new Error(`relay-walk: the gateway exited: ${stderr}`);
    return fetch(`${url}/api/status`).then(
      (r) => r.ok,
      () => false,
    );
  });
  let asked = 0;
  /** One command to the probe (scripts/relay-walk-probe.mjs says which), answered through a file. */
  const ask = async (command) => {
    fs.writeFileSync(path.join(probeDir, "command.json"), JSON.stringify(command));
    const file = path.join(probeDir, `${++asked}.json`);
    child.kill("SIGUSR2");
    await until(`the probe's answer to ${command.op}`, () => fs.existsSync(file));
    const answer = JSON.parse(fs.readFileSync(file, "utf8"));
    if (answer.error) throw new Error(`relay-walk: the probe failed: ${answer.error}`);
    return answer.ok;
  };
  /** The functions called since the last take, per file ({ file: [startOffset] }). */
  const take = () => ask({ op: "take" });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  return { url, ask, take, stop };
}

export async function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Root account, prices, the two channels and a token, through /api as an administrator would. */
export async function setUp(url, mocks) {
  let cookie = "";
  const api = async (method, p, body) => {
    const res = await fetch(`${url}${p}`, {
      method,
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify(body),
    });
    cookie = res.headers.get("set-cookie")?.split(";")[0] ?? cookie;
    const json = await res.json();
    if (!json.success) throw new Error(`relay-walk: ${method} ${p}: ${json.message}`);
    return json.data;
  };
  const root = { username: "root", password: "rootpass123" };
  await api("POST", "/api/setup", { ...root, confirmPassword: root.password });
  await api("POST", "/api/user/login", root);
  await api("PUT", "/api/option/", {
    key: "ModelRatio",
    value: JSON.stringify({ "gpt-4o-mini": 1, "gemini-2.5-flash": 2 }),
  });
  await api("POST", "/api/channel/", {
    name: "openai",
    type: 1,
    group: "default",
    key: "o-key",
    base_url: mocks.openai.url,
    models: "gpt-4o-mini",
  });
  await api("POST", "/api/channel/", {
    name: "gemini",
    type: 24, // Google Gemini (lib/vendor-entries/core.ts)
    group: "default",
    key: "g-key",
    base_url: mocks.gemini.url,
    models: "gemini-2.5-flash",
  });
  return (await api("POST", "/api/token/", { name: "walk", unlimited_quota: true })).key;
}
