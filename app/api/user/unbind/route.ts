import { envelope, route, type RouteAnswer } from "@/lib/server/http/route";
import { unbindSchema } from "@/modules/profile/schemas/unbind";
import { unbindIdentity } from "@/modules/profile/server/unbind-identity";

// POST /api/user/unbind {provider} – detach a GitHub/OIDC/LinuxDO/WeChat/Telegram identity (never the last way in); user
export const POST = route({ role: "user", body: unbindSchema }, async ({ user, body, t }) => {
  await unbindIdentity(user.id, body.provider);
  return envelope(null, t("unbind_success"));
});

export type PostUserUnbindAnswer = RouteAnswer<typeof POST>;
