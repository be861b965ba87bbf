// zod schemas of the e-mail calls: verification code, email binding, password reset.
// Messages are keys of the "server" namespace (请输入邮箱！, 请输入邮箱验证码！).
import { z } from "zod";

export const EMAIL_MAX = 50;

export const emailSchema = z
  .string()
  .trim()
  .min(1, "mail_email_required")
  .max(EMAIL_MAX, "email_too_long")
  .pipe(z.email("email_invalid"));

const turnstile = z.string().max(4096).optional();

/** GET /api/verification?email&turnstile and GET /api/reset_password?email&turnstile. */
export const mailRequestQuerySchema = z.object({ email: z.string().default("").pipe(emailSchema), turnstile });
export type MailRequestQuery = z.infer<typeof mailRequestQuerySchema>;

/** GET /api/oauth/email/bind?email&code (POST with the same fields as a JSON body too). */
export const bindEmailSchema = z.object({
  email: z.string().default("").pipe(emailSchema),
  code: z
    .string()
    .trim()
    .default("")
    .pipe(z.string().min(1, "mail_code_required").max(32, "verification_code_invalid")),
});
export type BindEmailInput = z.infer<typeof bindEmailSchema>;

/** POST /api/user/reset {email, token}. */
export const resetConfirmSchema = z.object({
  email: z.string().default("").pipe(emailSchema),
  token: z
    .string()
    .trim()
    .default("")
    .pipe(z.string().min(1, "mail_reset_link_invalid").max(128, "mail_reset_link_invalid")),
});
export type ResetConfirmInput = z.infer<typeof resetConfirmSchema>;
