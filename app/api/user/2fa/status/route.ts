// GET /api/user/2fa/status – the caller's two-factor state: enabled, locked, backup codes left
import { route } from "@/lib/server/http/route";
import { twoFactorStatus } from "@/modules/security/server/two-factor/two-factor-status";

export const GET = route({ role: "user" }, ({ user }) => twoFactorStatus(user.id));
