// `npm start`: migrate the database, build the console when the build is missing or older than the
// sources, then serve (server/main.ts, through scripts/serve.mjs) on PORT (default 3000).
//
// The migration and the build run as child processes that go away; the server then runs IN THIS
// process, so no launcher stays resident beside it. That needs the V8 flags of
// scripts/server-flags.mjs on this process's command line (package.json passes them); run without
// them (plain `node scripts/start.mjs`, or GATEWAY_MAX_OLD_SPACE_MB changed), the server is started
// as a child with the flags instead, as before.
import { execFileSync, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrate } from "./migrate.mjs";
import { needsBuild } from "./build-state.mjs";
import { MALLOC_ARENAS, serverV8Flags } from "./server-flags.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

migrate();
if (needsBuild(root)) {
  console.error("building the console (first start or sources changed)...");
  execFileSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
  });
  // Loaded only to build: esbuild would otherwise stay in the server's memory.
  const { buildServer } = await import("./build-server.mjs");
  await buildServer();
  // esbuild keeps a service process until told to stop.
  (await import("esbuild")).stop();
}

process.env.NODE_ENV ??= "production";
process.env.NEXT_TELEMETRY_DISABLED ??= "1";
const flags = serverV8Flags();
if (flags.every((f) => process.execArgv.includes(f))) {
  await import("./serve.mjs");
} else {
  const child = spawn(process.execPath, [...flags, path.join(root, "scripts/serve.mjs"), ...process.argv.slice(2)], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? MALLOC_ARENAS },
  });
  for (const sig of ["SIGTERM", "SIGINT"]) process.on(sig, () => child.kill(sig));
  child.on("exit", (code) => process.exit(code ?? 0));
}
