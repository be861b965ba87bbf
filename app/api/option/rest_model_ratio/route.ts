import { envelope, route, type RouteAnswer } from "@/lib/server/http/route";
import { resetModelRatio } from "@/modules/pricing/server/reset-model-ratio";

// POST /api/option/rest_model_ratio – reset ModelRatio/CompletionRatio/CacheRatio/ModelPrice to the bundled defaults; root
export const POST = route({ role: "root" }, async ({ user, t }) => {
  await resetModelRatio(user);
  return envelope(null, t("option_reset_ratio_success"));
});

export type PostOptionRestModelRatioAnswer = RouteAnswer<typeof POST>;
