import { route, type RouteAnswer } from "@/lib/server/http/route";
import { listModelsByChannelType } from "@/modules/channels/server/list-models-by-channel-type";

// GET /api/models – {channel type: [model names]} of the channel-type catalogue (new-api's
// DashboardListModels); any logged-in user, as in new-api
export const GET = route({ role: "user" }, () => listModelsByChannelType());

export type GetModelsAnswer = RouteAnswer<typeof GET>;
