import { envelope, route } from "@/lib/server/http/route";
import { tokenKeysSchema } from "@/modules/tokens/batch-schemas";
import { getTokenKeys } from "@/modules/tokens/server/get-token-keys";

// POST /api/token/batch/keys {ids} – the full keys of up to 100 of the caller's tokens, {keys: {id:
// key}}; limited per client address and never cached, as new-api (CriticalRateLimit, DisableCache)
export const POST = route({ role: "user", body: tokenKeysSchema, critical: true }, async ({ body, user }) =>
  envelope({ keys: await getTokenKeys(user.id, body.ids) }, "", { headers: { "Cache-Control": "no-store" } }),
);
