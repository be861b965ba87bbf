// Whether the production build (.next) is missing or older than the sources it is built from.
// Shared by `npm start` (scripts/start.mjs) and the e2e runner (__tests__/e2e/run.mjs).
import fs from "node:fs";
import path from "node:path";

export const BUILD_SOURCES = [
  "app",
  "components",
  "lib",
  "messages",
  "proxy.ts",
  "next.config.mjs",
  "package.json",
  "tailwind.config.ts",
  "postcss.config.mjs",
];

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

export function needsBuild(root) {
  const buildId = path.join(root, ".next", "BUILD_ID");
  if (!fs.existsSync(buildId)) return true;
  const built = fs.statSync(buildId).mtimeMs;
  return BUILD_SOURCES.some((s) => newestMtime(path.join(root, s)) > built);
}
