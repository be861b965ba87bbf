// `import "server-only"` marks our server modules (README "Architecture"). Next's bundler resolves it
// to an empty module; plain Node resolves the package's default export, which throws. The dev server
// (`npm run dev`: `node --import ... --import tsx server/main.ts --dev`) and tsx
// scripts load our server modules through Node, so this maps the marker to its empty file for both
// loaders: tsx compiles our .ts files to CommonJS (require), an .mjs importer goes through ESM.
// The production bundle does the same in scripts/build-server.mjs, jest in moduleNameMapper.
import Module, { createRequire, register } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { isMainThread } from "node:worker_threads";

// The package exports only ".", so its sibling file is found next to the resolved entry.
const EMPTY = path.join(path.dirname(createRequire(import.meta.url).resolve("server-only")), "empty.js");

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return request === "server-only" ? EMPTY : resolveFilename.call(this, request, ...rest);
};

/** ESM resolve hook (runs on the loader thread). */
export async function resolve(specifier, context, nextResolve) {
  if (specifier === "server-only") return { url: pathToFileURL(EMPTY).href, shortCircuit: true };
  return nextResolve(specifier, context);
}

// The loader thread imports this same file to find `resolve`; only the main thread registers it.
if (isMainThread) register(import.meta.url);
