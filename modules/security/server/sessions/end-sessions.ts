import "server-only";

// DELETE /api/user/sessions/{sid} and POST /api/user/sessions/revoke-others (new-api's answers:
// {revoked_sid, current} and {revoked_count}). A user ends only their own sessions: another user's
// sid is "not found", as an unknown one.
import { AppError } from "@/lib/server/http/app-error";
import { endSession, endSessions } from "@/lib/server/auth/session-store";
import type { CurrentUser } from "@/lib/server/auth/current-user";

export async function endOwnSession(user: CurrentUser, sid: string) {
  if (!(await endSession(user.id, sid))) throw new AppError("not_found", "session_not_found");
  return { revoked_sid: sid, current: sid === user.sessionId };
}

export async function endOtherSessions(user: CurrentUser) {
  if (!user.sessionId) throw new AppError("unauthorized", "verify_session_required");
  return { revoked_count: await endSessions(user.id, user.sessionId) };
}
