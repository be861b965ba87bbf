import "server-only";

// The logs module's door for server code outside it (eslint.config.mjs, "doors"). The relay answers
// GET /api/log/token with the same query as the console's token log page. Log rows are written through
// the one journal, lib/server/ledger/journal.ts, not through this module.
export { listTokenLogs } from "@/modules/logs/server/usage/list-token-logs";
