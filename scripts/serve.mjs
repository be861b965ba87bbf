// Runs the bundled server (.next/gateway/server.mjs, server/main.ts) the way Next's standalone
// server.js runs Next: with the configuration the build serialised into
// .next/required-server-files.json. So neither next.config.mjs nor its plugins are loaded at run time
// (the container image ships without them), and Next does not warn that `output: "standalone"` is
// served by a custom server. Used by `npm start` and the container entrypoint; run it with the V8
// flags of scripts/server-flags.mjs.
//
// WORKERS (default: one per core, scripts/worker-count.mjs): more than one makes this process the
// primary, which serves beside the WORKERS - 1 workers it forks with this same script
// (server/workers/primary.ts). lib/env.ts validates the value.
import "./async-storage-global.mjs";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { resolveWorkers } from "./worker-count.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const { config } = JSON.parse(fs.readFileSync(path.join(root, ".next", "required-server-files.json"), "utf8"));
// The build records its own absolute folder; the runtime may live elsewhere (same as server.js does).
process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify({ ...config, distDir: "./.next" });
// Unset or 0: the cores this process may use (a container's limits included), for the workers too.
if (["", "0"].includes((process.env.WORKERS ?? "").trim())) process.env.WORKERS = String(resolveWorkers());
// Several processes accept on one socket (server/workers/connections.ts): libuv then yields after
// each accept instead of taking every pending connection at once, so a burst spreads over them
// (8 connections at once on an idle 2-process gateway: all on one process in 1 burst of 10, against 4
// of 10 without).
if (resolveWorkers() > 1) process.env.UV_TCP_SINGLE_ACCEPT ??= "1";
try {
  await import(pathToFileURL(path.join(root, ".next", "gateway", "server.mjs")).href);
} catch (err) {
  // A bad setting (lib/env.ts validates them as the bundle loads) is the operator's to fix: one line
  // naming it, not a stack trace through the bundle.
  if (err instanceof Error && err.message.startsWith("Invalid environment:")) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  throw err;
}
