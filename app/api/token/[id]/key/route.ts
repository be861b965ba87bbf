import { route, type RouteAnswer } from "@/lib/server/http/route";
import { idParam } from "@/lib/server/http/params";
import { open } from "@/lib/server/crypto/secret-box";
import { getOwnTokenOrThrow } from "@/modules/tokens/server/get-token-or-throw";

// POST /api/token/{id}/key – the full key of one of the caller's tokens (for copying), without "sk-"
// as in new-api (see modules/tokens/server/dto.ts)
export const POST = route({ role: "user" }, async ({ user, params }) => {
  const token = await getOwnTokenOrThrow(user.id, idParam(params));
  return { key: open(token.keyCipher) };
});

export type TokenKeyAnswer = RouteAnswer<typeof POST>;
