// How the development server is started outside `npm run dev` (tests comparing it with the production
// build, scripts/relay-walk.mjs): the dev script's server command, read from package.json after its
// database step, and the environment of a throwaway instance on its own data folder.
import fs from "node:fs";
import path from "node:path";

/** `node --import ... server/main.ts --dev` without the `node`: the dev script after its database step. */
export function devServerArgs(root) {
  const dev = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).scripts.dev;
  const command = dev.split("&&").at(-1).trim().split(/\s+/);
  if (command[0] !== "node") throw new Error(`unexpected dev script: ${dev}`);
  return command.slice(1);
}

/** The environment of a dev server on `port` with its database in `dataDir` (SQLite, quiet). */
export function devServerEnv(port, dataDir, extra = {}) {
  const env = {
    ...process.env,
    NODE_ENV: "development",
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "error",
    SHUTDOWN_TIMEOUT: "3",
    NEXT_TELEMETRY_DISABLED: "1",
    ...extra,
  };
  delete env.DATABASE_URL;
  return env;
}
