// DELETE /api/user/sessions/{sid} – end one of the caller's sessions (the current one signs out)
import { route } from "@/lib/server/http/route";
import { AppError } from "@/lib/server/http/app-error";
import { sessionIdSchema } from "@/modules/security/schemas";
import { endOwnSession } from "@/modules/security/server/sessions/end-sessions";

export const DELETE = route({ role: "user" }, ({ user, params }) => {
  const sid = sessionIdSchema.safeParse(params.sid);
  if (!sid.success) throw new AppError("not_found", "session_not_found");
  return endOwnSession(user, sid.data);
});
