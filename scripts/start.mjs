// `npm start`: migrate the database, build the console when the build is missing or older than the
// sources, then serve (lib/server/main.ts) on PORT (default 3000).
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrate } from "./migrate.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SOURCES = ["app", "components", "lib", "messages", "proxy.ts", "next.config.mjs", "package.json", "tailwind.config.ts", "postcss.config.mjs"];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) {
    if (entry === "generated" || entry === "node_modules") continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

function needsBuild() {
  const buildId = path.join(root, ".next", "BUILD_ID");
  if (!fs.existsSync(buildId)) return true;
  const built = fs.statSync(buildId).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(root, s)) > built);
}

migrate();
if (needsBuild()) {
  console.error("building the console (first start or sources changed)...");
  execFileSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
}

const child = spawn(
  process.execPath,
  ["--import", "tsx", path.join(root, "lib/server/main.ts"), ...process.argv.slice(2)],
  { cwd: root, stdio: "inherit", env: { NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", ...process.env } },
);
for (const sig of ["SIGTERM", "SIGINT"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
