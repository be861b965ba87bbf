import { route, type RouteAnswer } from "@/lib/server/http/route";
import { listKnownModels } from "@/modules/channels/server/list-known-models";

// GET /api/channel/models – every known model [{id}] (type defaults plus models of channels); admin
export const GET = route({ role: "admin" }, () => listKnownModels());

export type KnownModelsAnswer = RouteAnswer<typeof GET>;
