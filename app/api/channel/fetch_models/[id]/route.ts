import { route, type RouteAnswer } from "@/lib/server/http/route";
import { idParam } from "@/lib/server/http/params";
import { fetchChannelModels } from "@/modules/channels/server/fetch-upstream-models";

// GET /api/channel/fetch_models/{id} – model ids offered by a saved channel's upstream; admin
export const GET = route({ role: "admin" }, ({ params }) => fetchChannelModels(idParam(params)));

export type SavedChannelModelsAnswer = RouteAnswer<typeof GET>;
