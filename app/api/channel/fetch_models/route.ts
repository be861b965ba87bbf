import { route, type RouteAnswer } from "@/lib/server/http/route";
import { fetchModelsSchema } from "@/modules/channels/schemas";
import { fetchUpstreamModels } from "@/modules/channels/server/fetch-upstream-models";

// POST /api/channel/fetch_models {base_url, type, key} – the upstream's model ids (first key only); admin
export const POST = route({ role: "admin", body: fetchModelsSchema }, ({ body }) =>
  fetchUpstreamModels({ type: body.type, baseUrl: body.base_url, key: body.key }),
);

export type UpstreamModelsAnswer = RouteAnswer<typeof POST>;
