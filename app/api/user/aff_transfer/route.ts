// POST /api/user/aff_transfer {quota} – move invite rewards into the balance; user
import { envelope, route, type RouteAnswer } from "@/lib/server/http/route";
import { affTransferSchema } from "@/modules/profile/schemas/me";
import { transferAffQuota } from "@/modules/profile/server/transfer-aff-quota";

export const POST = route({ role: "user", body: affTransferSchema, bodyLimit: 4096 }, async ({ user, body, t }) =>
  envelope({ quota: await transferAffQuota(user, body.quota) }, t("me_aff_transfer_success")),
);

export type PostUserAffTransferAnswer = RouteAnswer<typeof POST>;
