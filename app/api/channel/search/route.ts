import { route, type RouteAnswer } from "@/lib/server/http/route";
import { channelSearchQuerySchema } from "@/modules/channels/schemas";
import { searchChannels } from "@/modules/channels/server/search-channels";

// GET /api/channel/search?keyword&group&model&types&statuses&tags&id_sort&tag_mode&p&page_size – filtered channels; admin
export const GET = route({ role: "admin", query: channelSearchQuerySchema }, ({ query }) => searchChannels(query));

export type SearchChannelsAnswer = RouteAnswer<typeof GET>;
