import "server-only";

// Account mails need an SMTP server; without one the sender learns it at once (instead of waiting
// for a mail that never comes). Checked before any per-address work, so it answers the same for
// every address (the reset request must not reveal which addresses have accounts).
import { AppError } from "@/lib/server/http/app-error";
import { getOption } from "@/lib/server/options/store";

export async function assertMailConfigured(): Promise<void> {
  if (!(await getOption("SMTPServer")).trim()) throw new AppError("bad_request", "mail_smtp_not_configured");
}
