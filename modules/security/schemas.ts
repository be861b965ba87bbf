// Request bodies of the security routes, shared by the routes and the console's forms. Codes and
// passwords are bounded here (a 1 MB "code" is a 400 before any work), their content checked by the
// services (spaces in a TOTP code are allowed, as new-api).
import { z } from "zod";

const code = z.string().trim().min(1, "twofa_code_required").max(32, "twofa_code_invalid");

export const twoFactorCodeSchema = z.object({ code });
export type TwoFactorCodeInput = z.infer<typeof twoFactorCodeSchema>;

export const verifySchema = z
  .object({
    method: z.enum(["2fa", "passkey", "password"], { message: "verify_method_invalid" }),
    code: code.optional(),
    password: z.string().max(128, "verify_password_wrong").optional(),
  })
  .refine((v) => v.method !== "2fa" || Boolean(v.code), { message: "twofa_code_required", path: ["code"] })
  .refine((v) => v.method !== "password" || Boolean(v.password), {
    message: "verify_password_required",
    path: ["password"],
  });
export type VerifyInput = z.infer<typeof verifySchema>;

/** A session id of GET /api/user/sessions (base64url, 22 characters). */
export const sessionIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "session_not_found");
