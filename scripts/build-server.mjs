// Bundles lib/server/main.ts (and everything of ours it imports, the generated Prisma clients
// included) into .next/gateway/server.mjs, so production runs plain `node` without a TypeScript
// loader; and the primary of worker processes (lib/server/workers/run-primary.ts, no Next, no relay)
// into .next/gateway/primary.mjs. node_modules stay external.
import { build } from "esbuild";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { API_ROUTES_MODULE, apiRoutesModuleSource } from "./api-route-table.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SERVER_BUNDLE = path.join(root, ".next", "gateway", "server.mjs");
export const PRIMARY_BUNDLE = path.join(root, ".next", "gateway", "primary.mjs");

export async function buildServer() {
  await Promise.all([
    bundle(path.join(root, "lib/server/main.ts"), SERVER_BUNDLE),
    bundle(path.join(root, "lib/server/workers/run-primary.ts"), PRIMARY_BUNDLE),
  ]);
}

// Every server module starts with `import "server-only"` (a marker Next's bundler resolves to an
// empty module). Kept external, Node would load the package's default export, which throws; so the
// marker becomes an empty module here too (the dev server: scripts/server-only-hook.mjs).
const serverOnlyMarker = {
  name: "server-only-marker",
  setup(b) {
    b.onResolve({ filter: /^server-only$/ }, () => ({ path: "server-only", namespace: "server-only-marker" }));
    b.onLoad({ filter: /.*/, namespace: "server-only-marker" }, () => ({ contents: "", loader: "js" }));
  },
};

// The console API's route table (scripts/api-route-table.mjs), generated from app/api at each build.
const apiRoutes = {
  name: "api-routes",
  setup(b) {
    b.onResolve({ filter: new RegExp(`^${API_ROUTES_MODULE}$`) }, () => ({ path: "table", namespace: "api-routes" }));
    b.onLoad({ filter: /.*/, namespace: "api-routes" }, () => ({
      contents: apiRoutesModuleSource(root),
      loader: "js",
      resolveDir: root,
    }));
  },
};

// Next's subpath entries (next/server...) have no package "exports": Node's ESM resolver needs the
// file name, which webpack and TypeScript add by themselves.
const nextSubpaths = {
  name: "next-subpaths",
  setup(b) {
    b.onResolve({ filter: /^next\/[a-z-]+$/ }, (args) => ({ path: `${args.path}.js`, external: true }));
  },
};

function bundle(entry, outfile) {
  return build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    packages: "external",
    sourcemap: "linked",
    tsconfig: path.join(root, "tsconfig.json"),
    logLevel: "warning",
    plugins: [serverOnlyMarker, apiRoutes, nextSubpaths],
    // Bundled code still needs require() for the CommonJS packages it loads lazily.
    banner: {
      js: "import { createRequire as __gatewayRequire } from 'node:module'; const require = __gatewayRequire(import.meta.url);",
    },
  });
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]);
if (isMain) await buildServer();
