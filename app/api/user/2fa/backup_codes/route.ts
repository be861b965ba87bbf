// POST /api/user/2fa/backup_codes {code} – new backup codes (shown once) for a TOTP code; the old ones stop working
import { envelope, route } from "@/lib/server/http/route";
import { twoFactorCodeSchema } from "@/modules/security/schemas";
import { regenerateBackupCodes } from "@/modules/security/server/two-factor/regenerate-backup-codes";

export const POST = route({ role: "user", body: twoFactorCodeSchema }, async ({ user, body, t }) =>
  envelope(await regenerateBackupCodes(user, body.code), t("twofa_backup_regenerated")),
);
