// GET /api/user/passkey – the caller's passkeys: new-api's {enabled, last_used_at} and the list
// DELETE /api/user/passkey[?id=] – remove one passkey (or all, new-api's call) after a fresh secure verification
import { z } from "zod";
import { envelope, route, type RouteAnswer } from "@/lib/server/http/route";
import { deletePasskeys, passkeyStatus } from "@/modules/security/server/passkeys/manage-passkeys";

export const GET = route({ role: "user" }, ({ user }) => passkeyStatus(user.id));

const deleteQuery = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647).optional() });

export const DELETE = route({ role: "user", query: deleteQuery }, async ({ user, query, t }) => {
  await deletePasskeys(user, query.id);
  return envelope(null, t("passkey_deleted"));
});

export type GetUserPasskeyAnswer = RouteAnswer<typeof GET>;
