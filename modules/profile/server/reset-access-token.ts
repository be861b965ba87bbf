import "server-only";

// GET /api/user/token: a new system access token, rate-limited per user (the previous token stops
// working at once; see generate-access-token.ts).
import { generateAccessToken } from "@/modules/profile/server/generate-access-token";
import { assertUserCriticalAllowed } from "@/modules/profile/server/assert-user-critical-allowed";

export async function resetAccessToken(userId: number): Promise<string> {
  await assertUserCriticalAllowed("access_token", userId);
  return generateAccessToken(userId);
}
