import "server-only";

// The tokens module's door for server code outside it (eslint.config.mjs, "doors"). The relay answers
// GET /api/usage/token with the same balance the console's token pages show.
export { getTokenBalance, type TokenBalance } from "@/modules/tokens/server/get-token-balance";
