import { route } from "@/lib/server/http/route";
import { tagsQuerySchema } from "@/lib/schemas/channel";
import { listTags } from "@/lib/server/services/channels/list-tags";

// GET /api/channel/tags?offset&limit – distinct channel tags (at most 200 per call); admin
export const GET = route({ role: "admin", query: tagsQuerySchema }, ({ query }) => listTags(query.offset, query.limit));
