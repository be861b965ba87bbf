// POST /api/user/sessions/revoke-others – end every session of the caller but this one
import { route } from "@/lib/server/http/route";
import { endOtherSessions } from "@/modules/security/server/sessions/end-sessions";

export const POST = route({ role: "user" }, ({ user }) => endOtherSessions(user));
