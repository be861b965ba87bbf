import "server-only";

// Next (the console's pages, /_next assets, public files), loaded on the first request that needs
// it rather than at start: a worker serving only the relay and the console API never loads it.
// Measured on the production build: next() + prepare() ~13 MB, the page modules after the first
// console pages +47 to +81 MB (docs/benchmarks.md, "Memory per role").
import type http from "node:http";

type Handle = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;
type Options = { dev: boolean; hostname: string; port: number; dir: string };

let loading: Promise<Handle> | null = null;
let loaded = false;

/** Whether this process has loaded Next (gateway_console_renderer_loaded on /metrics). */
export function consoleRendererLoaded(): boolean {
  return loaded;
}

/** Next's request handler, loading and preparing Next once; a failed start is retried next time. */
export function consoleRenderer(opts: Options): Promise<Handle> {
  loading ??= (async () => {
    const { default: next } = await import("next");
    const app = next(opts);
    await app.prepare();
    loaded = true;
    return app.getRequestHandler() as Handle;
  })().catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}
