import { z } from "zod";
import { route, type RouteAnswer } from "@/lib/server/http/route";
import { listSelfModels } from "@/modules/profile/server/list-self-models";

// GET /api/user/models[?group] – models served to the caller's usable groups; user
export const GET = route(
  { role: "user", query: z.object({ group: z.string().max(64).optional() }) },
  ({ user, query }) => listSelfModels(user.id, query.group || undefined),
);

export type UserModelsAnswer = RouteAnswer<typeof GET>;
