// `npm start`: migrate the database, build the console when the build is missing or older than the
// sources, then serve (lib/server/main.ts) on PORT (default 3000).
import { execFileSync, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrate } from "./migrate.mjs";
import { buildServer } from "./build-server.mjs";
import { needsBuild } from "./build-state.mjs";
import { serverV8Flags } from "./server-flags.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

migrate();
if (needsBuild(root)) {
  console.error("building the console (first start or sources changed)...");
  execFileSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  await buildServer();
}

// scripts/serve.mjs runs the bundled server (.next/gateway/server.mjs) with the build's Next config.
const child = spawn(
  process.execPath,
  [...serverV8Flags(), path.join(root, "scripts/serve.mjs"), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: "inherit",
    env: { NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", ...process.env },
  },
);
for (const sig of ["SIGTERM", "SIGINT"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
