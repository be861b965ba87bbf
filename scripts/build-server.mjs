// Bundles server/main.ts (and everything of ours it imports, the generated Prisma clients
// included) into .next/gateway/server.mjs, so production runs plain `node` without a TypeScript
// loader. node_modules stay external.
import { build } from "esbuild";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { API_ROUTES_MODULE, apiRoutesModuleSource } from "./api-route-table.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SERVER_BUNDLE = path.join(root, ".next", "gateway", "server.mjs");

export async function buildServer() {
  await Promise.all([
    ...PRISMA_WASM_PROVIDERS.map(writePrismaWasm),
    bundle(path.join(root, "server/main.ts"), SERVER_BUNDLE),
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

// Prisma's query compiler is WebAssembly that its runtime ships as a base64 string in a JS module.
// Imported as is, the module's source and the string stay on the heap for the life of the process
// (4.8 MB per process, 2026-11-26). The build writes the bytes beside the bundle instead, and the
// import becomes a module that reads them when the client asks: the generated client passes the
// export to Buffer.from(x, "base64"), which takes valueOf()'s Buffer as is.
const PRISMA_WASM_PROVIDERS = ["sqlite", "postgresql"];
const prismaWasmFile = (provider) => `query_compiler_bg.${provider}.wasm`;

async function writePrismaWasm(provider) {
  const { wasm } = await import(`@prisma/client/runtime/query_compiler_bg.${provider}.wasm-base64.mjs`);
  fs.mkdirSync(path.dirname(SERVER_BUNDLE), { recursive: true });
  fs.writeFileSync(path.join(path.dirname(SERVER_BUNDLE), prismaWasmFile(provider)), Buffer.from(wasm, "base64"));
}

const prismaWasm = {
  name: "prisma-wasm",
  setup(b) {
    const filter = /^@prisma\/client\/runtime\/query_compiler_bg\.([a-z]+)\.wasm-base64\.mjs$/;
    b.onResolve({ filter }, (args) => ({ path: filter.exec(args.path)[1], namespace: "prisma-wasm" }));
    b.onLoad({ filter: /.*/, namespace: "prisma-wasm" }, (args) => {
      if (!PRISMA_WASM_PROVIDERS.includes(args.path)) throw new Error(`no query compiler for ${args.path}`);
      return {
        contents:
          `import { readFileSync } from "node:fs";\n` +
          `export const wasm = { valueOf: () => readFileSync(new URL(${JSON.stringify(`./${prismaWasmFile(args.path)}`)}, import.meta.url)) };\n`,
        loader: "js",
      };
    });
  },
};

// esbuild escapes non-ASCII characters in strings but keeps them in comments, and one such character
// makes V8 hold the whole bundle's source as two-byte text: the server bundle's 1.2 MB took 2.3 MB
// of heap. The escapes below are equivalent wherever esbuild may have left one.
function escapeNonAscii(file) {
  const text = fs.readFileSync(file, "utf8");
  if (!/[^\x00-\x7f]/.test(text)) return;
  const ascii = text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  fs.writeFileSync(file, ascii);
}

async function bundle(entry, outfile) {
  await esbuild(entry, outfile);
  escapeNonAscii(outfile);
}

function esbuild(entry, outfile) {
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
    plugins: [serverOnlyMarker, apiRoutes, nextSubpaths, prismaWasm],
    // Bundled code still needs require() for the CommonJS packages it loads lazily.
    banner: {
      js: "import { createRequire as __gatewayRequire } from 'node:module'; const require = __gatewayRequire(import.meta.url);",
    },
  });
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]);
if (isMain) await buildServer();
