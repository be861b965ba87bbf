import { envelope, route, type RouteAnswer } from "@/lib/server/http/route";
import { reloadModelMapping } from "@/modules/settings/server/model-mapping/reload-model-mapping";

// POST /api/model_mapping/reload – re-read the mapping from the database; admin
export const POST = route({ role: "admin" }, async ({ t }) =>
  envelope(await reloadModelMapping(), t("mapping_reloaded")),
);

export type ReloadModelMappingAnswer = RouteAnswer<typeof POST>;
