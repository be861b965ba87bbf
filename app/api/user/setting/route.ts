// PUT /api/user/setting – the caller's notification, price and other settings (merged); role user
import { envelope, route, type RouteAnswer } from "@/lib/server/http/route";
import { userSettingSchema } from "@/modules/profile/schemas/user-setting";
import { updateUserSetting } from "@/modules/profile/server/update-user-setting";

// The https rule depends on the server's mode (test-only loopback mode accepts http), so the
// service applies it; the schema here checks everything else.
const body = userSettingSchema(true);

export const PUT = route({ role: "user", body, bodyLimit: 16 * 1024 }, async ({ user, body, t }) => {
  await updateUserSetting(user.id, body);
  return envelope(null, t("update_success"));
});

export type PutUserSettingAnswer = RouteAnswer<typeof PUT>;
