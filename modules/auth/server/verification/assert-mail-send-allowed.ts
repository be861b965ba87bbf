import "server-only";

// The send limits of account mails (2 per 30 s per client IP), plus per
// recipient address (one per 30 s resend countdown, ten an hour) so nobody can flood an inbox by
// rotating client addresses. `kind` keeps codes and reset links in separate buckets.
import { AppError } from "@/lib/server/http/app-error";
import { consume } from "@/lib/server/http/rate-limit";

export async function assertMailSendAllowed(kind: "code" | "reset", ip: string, address: string): Promise<void> {
  const checks = [
    ["mail_send_ip", `${kind}:${ip}`],
    ["mail_send_address", `${kind}:${address}`],
    ["mail_send_address_hourly", `${kind}:${address}`],
  ] as const;
  for (const [limiter, key] of checks) {
    const wait = await consume(limiter, key);
    if (wait > 0) throw new AppError("rate_limited", "mail_send_too_frequent", { seconds: wait });
  }
}
