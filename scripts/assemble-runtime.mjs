// `node scripts/assemble-runtime.mjs <dir>`: lays out a self-contained runtime folder from a finished
// build (`npm run build`), for the container image (Dockerfile) or any machine without the sources:
//
//   <dir>/.next              Next's standalone server files, static assets, and our bundled server
//                            (.next/gateway/server.mjs, server/main.ts, which calls next({dir}))
//   <dir>/messages, package.json   what Next's trace says the pages read at run time
//   <dir>/node_modules       only what is loaded at run time: Next's standalone trace plus our own
//                            (Next's tracer, nft) of the bundled server (and of the server chunks in a worktree) and the
//                            migration tool (prisma.config.ts's imports; the prisma CLI copied whole)
//   <dir>/prisma, prisma.config.ts, scripts/{migrate,db-url,server-flags,serve,worker-count}.mjs,
//   scripts/docker-entrypoint.sh   migrations on start, then the server
//
// Assemble it with `node --max-semi-space-size=64` (the Dockerfile and the runtime-image test do): the
// tracer parses large bundles, and with the default young generation a quarter of its time went to
// garbage collection. What it parses is kept to what Next did not trace already (step 3): 41 s -> 21 s.
// Run it: `sh <dir>/scripts/docker-entrypoint.sh` (migrate + serve), or `node <dir>/scripts/serve.mjs`.
// node_modules = Next's standalone copy (what its build traced for the pages) + our own trace, which
// adds what only the bundled server and the migration tool load (ioredis, prom-client, the prisma
// CLI...) and stands in for Next's copy when node_modules is a symlink (a git worktree), where
// Next's standalone output only holds a link back to the checkout.
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const MARKER = ".gateway-runtime";
/**
 * Loaded by `prisma migrate deploy` (the CLI and prisma.config.ts), not by the server. The CLI itself is
 * copied whole (step 4): its dependencies are traced from their own entries, not from its 2.8 MB bundle,
 * whose trace took 7 s and pulled in TypeScript (9 MB) that migrate deploy never loads.
 */
const MIGRATION_ENTRIES = ["@prisma/engines", "prisma/config", "@prisma/adapter-better-sqlite3", "@prisma/adapter-pg"];
/**
 * Loaded by the server through a path it resolves at run time, which a trace cannot see: the package's
 * entry and its package.json (for the resolution). bcryptjs: the password thread
 * (lib/server/auth/bcrypt-thread.ts).
 */
const PACKAGES_LOADED_BY_PATH = ["bcryptjs"];
/** Never needed by a production server (Next's own standalone trace leaves them out too). */
const TRACE_IGNORES = [
  "**/next/dist/compiled/next-server/**/*.dev.js",
  "**/next/dist/compiled/webpack/*",
  "**/next/dist/server/lib/route-resolver*",
  "**/next/dist/lib/upgrade/**/*",
  "**/next/dist/pages/**/*",
  "**/node_modules/react{,-dom,-dom-server-turbopack}/**/*.development.js",
  "**/node_modules/**/*.d.ts",
  "**/node_modules/**/*.map",
];
const RUNTIME_SCRIPTS = [
  "migrate.mjs",
  "db-url.mjs",
  "server-flags.mjs",
  "serve.mjs",
  "async-storage-global.mjs",
  "worker-count.mjs",
  "docker-entrypoint.sh",
];

function fail(message) {
  console.error(`assemble-runtime: ${message}`);
  process.exit(1);
}

function prepareOutput(out) {
  if (fs.existsSync(out)) {
    const entries = fs.readdirSync(out);
    // Never wipe a folder we did not make.
    if (entries.length && !entries.includes(MARKER)) fail(`${out} exists and is not an assembled runtime`);
    fs.rmSync(out, { recursive: true, force: true });
  }
  fs.mkdirSync(out, { recursive: true });
  // Written first, so an interrupted run can be repeated into the same folder.
  fs.writeFileSync(path.join(out, MARKER), "incomplete\n");
}

function copy(from, to) {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.cpSync(from, to, { recursive: true, verbatimSymlinks: true, preserveTimestamps: true });
}

function listFiles(dir) {
  const files = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...listFiles(p));
    else if (entry.isFile()) files.push(p);
  }
  return files;
}

/** Where an absolute source file goes in the runtime folder (null: outside the project). */
function destinationOf(file, nodeModulesReal) {
  const real = fs.realpathSync(file);
  if (real.startsWith(nodeModulesReal + path.sep))
    return path.join("node_modules", path.relative(nodeModulesReal, real));
  const rel = path.relative(root, file);
  return rel.startsWith("..") || path.isAbsolute(rel) ? null : rel;
}

/** The package folder `name` resolves to from `fromDir` (Node's lookup through node_modules). */
function findPackageDir(name, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "node_modules", name);
    if (fs.existsSync(path.join(candidate, "package.json"))) return fs.realpathSync(candidate);
    if (path.dirname(dir) === dir) return null;
  }
}

async function main() {
  const outArg = process.argv[2];
  if (!outArg) fail("usage: node scripts/assemble-runtime.mjs <dir>");
  const out = path.resolve(outArg);
  const distDir = path.join(root, ".next");
  const manifest = path.join(distDir, "required-server-files.json");
  const standaloneRoot = path.join(distDir, "standalone");
  const bundle = path.join(distDir, "gateway", "server.mjs");
  for (const needed of [manifest, standaloneRoot, bundle, path.join(distDir, "BUILD_ID")])
    if (!fs.existsSync(needed)) fail(`${path.relative(root, needed)} is missing: run \`npm run build\` first`);
  const { relativeAppDir } = JSON.parse(fs.readFileSync(manifest, "utf8"));
  const standalone = path.join(standaloneRoot, relativeAppDir ?? "");
  const nodeModulesReal = fs.realpathSync(path.join(root, "node_modules"));
  prepareOutput(out);

  // 1. Next's standalone app folder (server chunks, manifests, traced project files), without its
  //    server.js (our entry is the bundled custom server), node_modules (handled below) and data/
  //    (the default DATA_DIR: the tracer follows its path, but a build's database never ships).
  for (const entry of fs.readdirSync(standalone)) {
    if (entry === "server.js" || entry === "node_modules" || entry === "data") continue;
    copy(path.join(standalone, entry), path.join(out, entry));
  }
  // Next's traced node_modules: the externals Turbopack chunks load through its runtime are known
  // only to Next's traces. (In a worktree this is a link back to the checkout: nft covers it below.)
  const nextNodeModules = path.join(standalone, "node_modules");
  const nextTraced = fs.existsSync(nextNodeModules) && !fs.lstatSync(nextNodeModules).isSymbolicLink();
  if (nextTraced) copy(nextNodeModules, path.join(out, "node_modules"));
  copy(path.join(distDir, "static"), path.join(out, ".next", "static"));
  copy(path.join(distDir, "gateway"), path.join(out, ".next", "gateway"));
  if (fs.existsSync(path.join(root, "public"))) copy(path.join(root, "public"), path.join(out, "public"));

  // 2. Migrations and the scripts that run them and start the server.
  for (const p of ["prisma/schema.prisma", "prisma/migrations", "prisma/postgres/schema.prisma"])
    copy(path.join(root, p), path.join(out, p));
  copy(path.join(root, "prisma/postgres/migrations"), path.join(out, "prisma/postgres/migrations"));
  copy(path.join(root, "prisma.config.ts"), path.join(out, "prisma.config.ts"));
  for (const s of RUNTIME_SCRIPTS) copy(path.join(root, "scripts", s), path.join(out, "scripts", s));

  // 3. node_modules loaded at run time: traced from our bundle, its launcher, the worker entry points
  //    Next starts by path, the packages the server loads by path, and the migration tool's entry points.
  //    Next's standalone copy (step 1) already holds what the server chunks load; they are traced here
  //    only when that copy is a link (a worktree). Tracing them again added nothing (the same 5,890
  //    files) and cost 14 s.
  const { nodeFileTrace } = require("next/dist/compiled/@vercel/nft");
  const picomatch = require("next/dist/compiled/picomatch");
  const ignored = picomatch(TRACE_IGNORES, { contains: true, dot: true });
  const resolve = (id) => require.resolve(id, { paths: [root] });
  const entries = [
    bundle,
    path.join(root, "scripts/serve.mjs"),
    ...(nextTraced ? [] : listFiles(path.join(standalone, ".next", "server")).filter((f) => /\.(c|m)?js$/.test(f))),
    resolve("next/dist/compiled/jest-worker/processChild"),
    resolve("next/dist/compiled/jest-worker/threadChild"),
    ...PACKAGES_LOADED_BY_PATH.flatMap((name) => [
      resolve(name),
      fs.realpathSync(path.join(root, "node_modules", name, "package.json")),
    ]),
    ...MIGRATION_ENTRIES.map(resolve),
  ];
  const { fileList, warnings } = await nodeFileTrace(entries, {
    base: "/",
    processCwd: root,
    mixedModules: true,
    // Node >= 20.19 require()s the "module-sync" (ESM) variant of packages that offer one.
    moduleSyncCatchall: true,
    ignore: (p) => ignored(p),
  });
  let traced = 0;
  for (const rel of fileList) {
    const abs = path.resolve("/", rel);
    if (!fs.existsSync(abs) || !fs.statSync(abs).isFile()) continue;
    const dest = destinationOf(abs, nodeModulesReal);
    if (!dest || !dest.startsWith("node_modules" + path.sep)) continue; // project files: copied above
    const target = path.join(out, dest);
    if (fs.existsSync(target)) continue;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(abs, target);
    traced++;
  }
  const failures = [...warnings].map(String).filter((w) => !/Failed to resolve dependency/.test(w));
  if (failures.length) console.warn(`trace: ${failures.length} files could not be parsed (data files, ignored)`);

  // 4. The prisma CLI whole: it loads its engines (wasm) by computed paths a tracer cannot follow.
  const cli = findPackageDir("prisma", root);
  const cliDest = path.join(out, "node_modules", path.relative(nodeModulesReal, cli));
  fs.rmSync(cliDest, { recursive: true, force: true });
  copy(cli, cliDest);

  const buildId = fs.readFileSync(path.join(distDir, "BUILD_ID"), "utf8").trim();
  fs.writeFileSync(path.join(out, MARKER), `build ${buildId}\n`);
  process.stdout.write(`assembled runtime in ${out} (build ${buildId}, ${traced} traced node_modules files)\n`);
}

await main();
