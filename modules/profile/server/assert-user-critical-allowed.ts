import "server-only";

// Per-user limit on sensitive actions (system token reset, invite-quota transfer): new-api's
// UserCriticalRateLimit, 20 per 1200 s, counted per action so one does not starve the other.
import { AppError } from "@/lib/server/http/app-error";
import { consume } from "@/lib/server/http/rate-limit";

export async function assertUserCriticalAllowed(action: "access_token" | "aff_transfer", userId: number) {
  const wait = await consume("user_critical", `${action}:${userId}`);
  if (wait > 0) throw new AppError("rate_limited", "rate_limited");
}
