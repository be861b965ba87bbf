import { route, type RouteAnswer } from "@/lib/server/http/route";
import { listEnabledModels } from "@/modules/channels/server/list-enabled-models";

// GET /api/channel/models_enabled – names of models served by an enabled channel; admin
export const GET = route({ role: "admin" }, () => listEnabledModels());

export type EnabledModelsAnswer = RouteAnswer<typeof GET>;
