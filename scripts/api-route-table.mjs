// The console API's route files (app/api/**/route.ts) and their URL patterns, as Next's app router
// maps them: route groups "(x)" leave the URL, private folders "_x" are not routes. The production
// server serves them without Next (server/http/api-router.ts): scripts/build-server.mjs turns
// this list into the virtual module "gateway:api-routes" of the server bundle.
import fs from "node:fs";
import path from "node:path";

export const API_ROUTES_MODULE = "gateway:api-routes";

/** [{ pattern: "/api/token/[id]", file: "<abs>/app/api/token/[id]/route.ts" }], sorted by pattern. */
export function apiRouteFiles(root) {
  const found = [];
  const walk = (dir, segments) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name.startsWith("_")) continue;
        const group = entry.name.startsWith("(") && entry.name.endsWith(")");
        walk(full, group ? segments : [...segments, entry.name]);
      } else if (/^route\.(ts|js)$/.test(entry.name)) found.push({ pattern: `/${segments.join("/")}`, file: full });
    }
  };
  walk(path.join(root, "app", "api"), ["api"]);
  return found.sort((a, b) => a.pattern.localeCompare(b.pattern));
}

/** The source of the virtual module: each route's module loaded on its first request. */
export function apiRoutesModuleSource(root) {
  const rows = apiRouteFiles(root).map(
    ({ pattern, file }) => `  { pattern: ${JSON.stringify(pattern)}, load: () => import(${JSON.stringify(file)}) },`,
  );
  return `export const API_ROUTES = [\n${rows.join("\n")}\n];\n`;
}
