// `npm start`: migrate the database, build the console when the build is missing or older than the
// sources, then serve (lib/server/main.ts) on PORT (default 3000).
import { execFileSync, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrate } from "./migrate.mjs";
import { buildServer, SERVER_BUNDLE } from "./build-server.mjs";
import { needsBuild } from "./build-state.mjs";

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

// A small young generation keeps short-lived request garbage from being promoted, which keeps the
// resident size low under load; both limits can be raised with NODE_OPTIONS.
const v8Flags = [
  "--max-semi-space-size=8",
  `--max-old-space-size=${process.env.GATEWAY_MAX_OLD_SPACE_MB || 384}`,
  "--enable-source-maps",
];
const child = spawn(process.execPath, [...v8Flags, SERVER_BUNDLE, ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
  env: { NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", ...process.env },
});
for (const sig of ["SIGTERM", "SIGINT"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
