import "server-only";

// `npm run dev` serves the console API (/api) through the production router (api-router.ts), so dev
// and production give the same answers (Next's own router answered 308 to a trailing slash, ran
// proxy.ts and had its own 404 and 405). What the production build generates, dev builds from the
// source tree at start:
// - the route table from app/api (scripts/api-route-table.mjs, as scripts/build-server.mjs does);
// - next.config's headers(), turned into the rules the build writes into routes-manifest.json.
// Hot reload: an edit under app/api (a route file changed, added or removed) drops the route
// modules from the module cache and re-reads the table; the next request loads them again. The
// modules they import stay loaded (they hold the process's state: the database client, caches).
// Dev only: tsx runs our .ts files as CommonJS, whose cache can be dropped per file.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createApiHandler, type ApiRouteEntry, type RouteModule } from "@/server/http/api-router";
import { headersOfRules, type ManifestHeaders } from "@/server/http/config-headers";
import { logger } from "@/lib/server/logger";

type Handle = ReturnType<typeof createApiHandler>;
type HeaderRule = { source: string; headers: { key: string; value: string }[] };

/** next.config's headers() as the build's manifest has them (regex per source, Next's own compiler). */
async function devConfigHeaders(root: string) {
  const config = (await import(pathToFileURL(path.join(root, "next.config.mjs")).href)) as {
    default: { headers?: () => Promise<HeaderRule[]> };
  };
  const { buildCustomRoute } = await import("next/dist/lib/build-custom-route.js");
  const rules: ManifestHeaders = ((await config.default.headers?.()) ?? []).map((h) => buildCustomRoute("header", h));
  return headersOfRules(rules);
}

/** The /api handler of the dev server, with its route table re-read after an edit under app/api. */
export async function devApiHandler(root = process.cwd()): Promise<Handle> {
  const { apiRouteFiles } = await import("../../scripts/api-route-table.mjs");
  const apiDir = path.join(root, "app", "api");
  const requireRoute = createRequire(path.join(root, "package.json"));
  const headersFor = await devConfigHeaders(root);
  const table = (): ApiRouteEntry[] =>
    apiRouteFiles(root).map(({ pattern, file }) => ({
      pattern,
      load: async () => requireRoute(file) as RouteModule,
    }));

  let handle = createApiHandler(table(), headersFor);
  let stale = false;
  fs.watch(apiDir, { recursive: true }, () => (stale = true)).unref();
  return (req, res) => {
    if (stale) {
      stale = false;
      for (const file of Object.keys(requireRoute.cache)) {
        if (file.startsWith(apiDir + path.sep)) delete requireRoute.cache[file];
      }
      try {
        handle = createApiHandler(table(), headersFor);
      } catch (err) {
        // A folder renamed mid-edit: the previous table serves until the next change.
        logger().warn({ err }, "dev: the /api route table could not be re-read");
      }
    }
    return handle(req, res);
  };
}
