// Bundles lib/server/main.ts (and everything of ours it imports, the generated Prisma clients
// included) into .next/gateway/server.mjs, so production runs plain `node` without a TypeScript
// loader. node_modules stay external.
import { build } from "esbuild";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SERVER_BUNDLE = path.join(root, ".next", "gateway", "server.mjs");

export async function buildServer() {
  await build({
    entryPoints: [path.join(root, "lib/server/main.ts")],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    packages: "external",
    sourcemap: "linked",
    tsconfig: path.join(root, "tsconfig.json"),
    logLevel: "warning",
    // Bundled code still needs require() for the CommonJS packages it loads lazily.
    banner: {
      js: "import { createRequire as __gatewayRequire } from 'node:module'; const require = __gatewayRequire(import.meta.url);",
    },
  });
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]);
if (isMain) await buildServer();
