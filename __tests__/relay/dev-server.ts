// Starts the development server (`npm run dev`'s server command, read from package.json, under tsx)
// on a fresh copy of the SQLite template, for tests that compare it with the production build.
// Only /api is asked of it: Next dev is loaded on the first page request, so it never compiles pages.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { copySqliteTemplate } from "../../test-support/db-template";
import { freePort } from "./gateway";
import { devServerArgs, devServerEnv } from "../../scripts/dev-server-command.mjs";

const ROOT = path.resolve(__dirname, "../..");

export type DevServer = { url: string; pid: number; stop: () => Promise<void> };

export async function startDevServer(): Promise<DevServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gw-dev-"));
  await copySqliteTemplate(path.join(dataDir, "gateway.db"));
  const port = await freePort();
  const env = devServerEnv(port, dataDir);
  const child = spawn(process.execPath, devServerArgs(ROOT), { cwd: ROOT, env, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/status`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill("SIGKILL");
      throw new Error(`dev server did not start: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
