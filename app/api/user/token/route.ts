// GET /api/user/token – issue a new system access token (the previous one stops working); user,
// rate-limited, after a secure verification of this session (POST /api/verify)
import { route, type RouteAnswer } from "@/lib/server/http/route";
import { resetAccessToken } from "@/modules/profile/server/reset-access-token";
import { requireSensitiveProof } from "@/modules/security/server";

export const GET = route({ role: "user", changesState: true }, async ({ user }) => {
  await requireSensitiveProof(user);
  return resetAccessToken(user.id);
});

export type GetUserTokenAnswer = RouteAnswer<typeof GET>;
