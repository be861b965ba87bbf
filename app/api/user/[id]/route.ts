// GET /api/user/{id} – one user for the edit panel (lower role than the caller unless root); admin
import { route, type RouteAnswer } from "@/lib/server/http/route";
import { idParam } from "@/lib/server/http/params";
import { getUserForAdmin } from "@/modules/users/server/get-user-for-admin";

export const GET = route({ role: "admin" }, ({ user, params }) => getUserForAdmin(user, idParam(params)));

export type GetUserAnswer = RouteAnswer<typeof GET>;
