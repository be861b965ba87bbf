import { envelope, route, type RouteAnswer } from "@/lib/server/http/route";
import { putModelMappingSchema } from "@/modules/settings/schemas";
import { getModelMapping } from "@/modules/settings/server/model-mapping/get-model-mapping";
import { putModelMapping } from "@/modules/settings/server/model-mapping/put-model-mapping";

// GET /api/model_mapping/ – the virtual-model mapping {mapping}; admin
export const GET = route({ role: "admin" }, () => getModelMapping());

// PUT /api/model_mapping/ – replace the mapping {mapping}, validated; admin
export const PUT = route({ role: "admin", body: putModelMappingSchema }, async ({ body, user, t }) =>
  envelope(await putModelMapping(body, user), t("mapping_saved")),
);

export type GetModelMappingAnswer = RouteAnswer<typeof GET>;
export type PutModelMappingAnswer = RouteAnswer<typeof PUT>;
