import { route, type RouteAnswer } from "@/lib/server/http/route";
import { tagsQuerySchema } from "@/modules/channels/schemas";
import { listTags } from "@/modules/channels/server/list-tags";

// GET /api/channel/tags?offset&limit – distinct channel tags (at most 200 per call); admin
export const GET = route({ role: "admin", query: tagsQuerySchema }, ({ query }) => listTags(query.offset, query.limit));

export type ChannelTagsAnswer = RouteAnswer<typeof GET>;
