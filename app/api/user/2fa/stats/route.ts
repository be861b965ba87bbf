// GET /api/user/2fa/stats – how many users have two-factor on; admin
import { route } from "@/lib/server/http/route";
import { twoFactorStats } from "@/modules/security/server/two-factor/admin-two-factor";

export const GET = route({ role: "admin" }, () => twoFactorStats());
