// Builds the console and the bundled server when missing or older than the sources (tests use it).
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildServer } from "./build-server.mjs";
import { needsBuild } from "./build-state.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
if (needsBuild(root)) {
  execFileSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
  });
  await buildServer();
}
