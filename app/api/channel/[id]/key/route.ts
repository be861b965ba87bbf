// POST /api/channel/{id}/key – a channel's key read back, after a fresh secure verification; root,
// rate-limited, audit-logged (new-api's answer: {key})
import { envelope, route } from "@/lib/server/http/route";
import { idParam } from "@/lib/server/http/params";
import { requireFreshVerification } from "@/modules/security/server";
import { readChannelKey } from "@/modules/channels/server/read-channel-key";

export const POST = route({ role: "root", critical: true }, async ({ user, params, t }) => {
  const id = idParam(params);
  await requireFreshVerification(user);
  const res = envelope({ key: await readChannelKey(user, id) }, t("channel_key_read"));
  res.headers.set("Cache-Control", "no-store");
  return res;
});
