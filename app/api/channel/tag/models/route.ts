import { route } from "@/lib/server/http/route";
import { tagModelsQuerySchema } from "@/modules/channels/status-schemas";
import { getTagModels } from "@/modules/channels/server/get-tag-models";

// GET /api/channel/tag/models?tag= – the longest model list among the tag's channels; admin
export const GET = route({ role: "admin", query: tagModelsQuerySchema }, ({ query }) => getTagModels(query.tag));
