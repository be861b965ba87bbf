// `npm run db:migrate`: applies the committed migrations of the configured database with the
// official `prisma migrate deploy` (JS schema engine, works offline). Safe to run on every start.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isPostgresUrl, resolveDataDir, resolveDatabaseUrl } from "./db-url.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function migrate({ quiet = false } = {}) {
  const url = resolveDatabaseUrl();
  if (!isPostgresUrl(url)) fs.mkdirSync(resolveDataDir(), { recursive: true });
  const out = execFileSync(
    process.execPath,
    [path.join(root, "node_modules/prisma/build/index.js"), "migrate", "deploy"],
    {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url, PRISMA_HIDE_UPDATE_MESSAGE: "1", CHECKPOINT_DISABLE: "1" },
      stdio: quiet ? "pipe" : "inherit",
      timeout: 5 * 60_000,
    },
  );
  return out?.toString() ?? "";
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]);
if (isMain) migrate();
