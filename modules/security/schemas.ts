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

// A WebAuthn credential as the browser gives it (PublicKeyCredential.toJSON(), what
// @simplewebauthn/browser answers): strings bounded, the content checked by @simplewebauthn/server.
const b64 = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, "passkey_verify_failed");
const credentialBase = {
  id: b64(1024),
  rawId: b64(1024),
  type: z.literal("public-key", { message: "passkey_verify_failed" }),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
};
export const registrationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64(8192),
    attestationObject: b64(65536),
    transports: z.array(z.string().max(32)).max(8).optional(),
  }),
});
export const authenticationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64(8192),
    authenticatorData: b64(8192),
    signature: b64(1024),
    userHandle: b64(256).optional(),
  }),
});
