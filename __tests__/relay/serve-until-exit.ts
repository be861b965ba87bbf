// Runs scripts/serve.mjs (the production start) for tests of starts that must stop by themselves.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { copySqliteTemplate } from "../../test-support/db-template";

const ROOT = path.resolve(__dirname, "../..");

export type ServeOptions = {
  port: number;
  workers: number;
  /** An existing data folder (its SQLite database); a fresh copy of the template otherwise. */
  dataDir?: string;
  /** A PostgreSQL database to use instead of SQLite. */
  databaseUrl?: string | null;
  /** More settings. */
  env?: Record<string, string>;
};

/** Resolves with the exit code and the output; a 40 s deadline kills the process (and fails the test). */
export async function serveUntilExit(opts: ServeOptions): Promise<{ code: number | null; out: string }> {
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "gw-refused-"));
  if (!opts.dataDir && !opts.databaseUrl) await copySqliteTemplate(path.join(dataDir, "gateway.db"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(opts.port),
    HOSTNAME: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "error",
    WORKERS: String(opts.workers),
    ...opts.env,
  };
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, [path.join(ROOT, "scripts/serve.mjs")], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => {
    const deadline = setTimeout(() => child.kill("SIGKILL"), 40_000);
    child.once("exit", (c) => {
      clearTimeout(deadline);
      resolve(c);
    });
  });
  if (!opts.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  return { code, out };
}
