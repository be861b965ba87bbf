// Next's modules read AsyncLocalStorage from globalThis once, when first loaded, and Next's server sets
// it when it starts. The console API's handlers (next/server, next/headers) are loaded before Next
// starts (on the first page request, if ever), so the global is set first, as Next's
// node-environment does: imported first by scripts/serve.mjs, preloaded by `npm run dev`.
import { AsyncLocalStorage } from "node:async_hooks";

globalThis.AsyncLocalStorage ??= AsyncLocalStorage;
