// Installs the real coding-agent CLIs the relay tests drive (__tests__/clients: Claude Code, Codex
// CLI, Gemini CLI at pinned versions, with their own lock file) when they are missing or older than
// the lock. They weigh hundreds of MB, so they stay out of the product's package.json: a user's
// `npm install` is as light as before. Idempotent and fast when already installed (one stat + one
// file comparison). Run by the test step before the relay tests; `--check` only reports.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dir = path.join(root, "__tests__", "clients");
const lock = path.join(dir, "package-lock.json");
// npm writes this copy of the lock after every successful install.
const installedLock = path.join(dir, "node_modules", ".package-lock.json");
const BINARIES = ["claude", "codex", "gemini"];

function installed() {
  if (!BINARIES.every((b) => fs.existsSync(path.join(dir, "node_modules", ".bin", b)))) return false;
  try {
    return fs.statSync(installedLock).mtimeMs >= fs.statSync(lock).mtimeMs;
  } catch {
    return false;
  }
}

if (installed()) process.exit(0);
if (process.argv.includes("--check")) {
  console.error("test clients missing: run node scripts/install-test-clients.mjs");
  process.exit(1);
}
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
// The lock pins every version (npm install keeps to it; the project's rule is npm install, never npm ci);
// no audit/fund round trips.
execFileSync(npm, ["install", "--prefix", dir, "--no-audit", "--no-fund", "--loglevel=error"], {
  cwd: dir,
  stdio: "inherit",
});
