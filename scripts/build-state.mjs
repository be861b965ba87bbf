// Whether the production build (.next) is missing or older than the sources it is built from.
// Shared by `npm start` (scripts/start.mjs) and the e2e runner (__tests__/e2e/run.mjs).
import fs from "node:fs";
import path from "node:path";

// relay/ and server/ are bundled into .next/gateway/server.mjs (scripts/build-server.mjs).
export const BUILD_SOURCES = [
  "app",
  "components",
  "lib",
  "relay",
  "server",
  "modules",
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

/** True when .next (the console build or the bundled server) is missing or older than a source. */
export function needsBuild(root) {
  const buildId = path.join(root, ".next", "BUILD_ID");
  const server = path.join(root, ".next", "gateway", "server.mjs");
  if (!fs.existsSync(buildId) || !fs.existsSync(server)) return true;
  const built = Math.min(fs.statSync(buildId).mtimeMs, fs.statSync(server).mtimeMs);
  return BUILD_SOURCES.some((s) => newestMtime(path.join(root, s)) > built);
}
