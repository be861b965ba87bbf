// The V8 flags the server runs with, shared by `npm start` (scripts/start.mjs) and the container
// entrypoint (scripts/docker-entrypoint.sh prints them with `node scripts/server-flags.mjs`).
// A small young generation keeps short-lived request garbage from being promoted, which keeps the
// resident size low under load; both limits can be raised with NODE_OPTIONS. package.json's start
// script and the container entrypoint put this script's output on node's command line (start.mjs
// checks, and starts the server as a child with them when they are missing).
// No --enable-source-maps: Node then parses the source maps of the whole server and Next bundles at
// load and keeps them, +90 MB RSS per process (one process idle: 191 -> 281 MB, measured 2026-11-25).
// Stack traces point into the bundles instead; NODE_OPTIONS=--enable-source-maps maps them when needed.
// MALLOC_ARENA_MAX=2 (package.json's start script, the container entrypoint, and start.mjs when it
// starts the server as a child): glibc gives each thread that allocates (libuv's pool, V8's GC and
// compiler threads) an arena of its own, and their free pages stay resident. Two arenas: -8 to -18 MB
// RSS per process under load, CPU per request unchanged within the noise (2026-11-26, W=1, c=50).
import path from "node:path";
import { fileURLToPath } from "node:url";

// --v8-pool-size=1: one V8 helper thread (GC, background compiles) instead of four. WebAssembly
// (Prisma's query compiler, undici's HTTP parser) is tiered up by TurboFan on those threads, and four
// parallel compiles held up to ~24 MB of compiler memory that glibc then kept: peak RSS 147-159 ->
// 145-146 MB per process, CPU per request unchanged (2026-11-26, W=1 pinned to one core, c=50; with
// one worker per core the other cores are busy anyway). --liftoff-only saved as much but cost +5 %
// CPU: undici's HTTP parser (llhttp) is WebAssembly on the relay's hot path.
// package.json's start script `exec`s node, so no shell stays resident between npm and the server.
export const MALLOC_ARENAS = "2";

// The young generation (MB per semi-space): every process serves (the primary of WORKERS > 1 too),
// and 8 keeps request garbage from being promoted. Measured and not adopted for the workers: 1 MB saves
// ~17 MB each but doubles their CPU per request, 2 MB costs +25 % (docs/benchmarks.md).
export const SERVER_SEMI_SPACE_MB = 8;

export function serverV8Flags(env = process.env) {
  return [
    `--max-semi-space-size=${SERVER_SEMI_SPACE_MB}`,
    `--max-old-space-size=${env.GATEWAY_MAX_OLD_SPACE_MB || 384}`,
    "--v8-pool-size=1",
  ];
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]);
if (isMain) process.stdout.write(serverV8Flags().join(" ") + "\n");
