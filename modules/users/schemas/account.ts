// zod schemas shared by the /api routes and the console forms. Issue messages are keys of the
// "server" message namespace, so both sides show the same localised text.
import { z } from "zod";
import { pageQuerySchema } from "@/lib/schemas/pagination";
import { PASSWORD_MAX, PASSWORD_MIN, SETUP_USERNAME_MAX, USERNAME_MAX } from "@/lib/constants";

const password = z.string().min(PASSWORD_MIN, "password_too_short").max(PASSWORD_MAX, "password_too_long");

/** The root-account part of the setup wizard (only when no root exists yet). */
export const setupRootSchema = z
  .object({
    username: z.string().trim().min(1, "setup_username_required").max(SETUP_USERNAME_MAX, "setup_username_too_long"),
    password: z.string().min(PASSWORD_MIN, "password_too_short").max(PASSWORD_MAX, "password_too_long"),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "password_mismatch", path: ["confirmPassword"] });

/** POST /api/setup body. Root fields are validated by the service only when root is missing. */
export const setupBodySchema = z.object({
  username: z.string().default(""),
  password: z.string().default(""),
  confirmPassword: z.string().default(""),
  SelfUseModeEnabled: z.boolean().default(false),
  DemoSiteEnabled: z.boolean().default(false),
});
export type SetupBody = z.infer<typeof setupBodySchema>;

export const loginSchema = z.object({
  username: z.string().trim().min(1, "login_required_fields").max(50, "login_required_fields"),
  password: z.string().min(1, "login_required_fields").max(100, "login_required_fields"),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** No "@": password login also matches a name containing "@" against e-mail addresses, so a user
 *  named like someone's address would compete with that account at login. */
export const USERNAME_NO_AT = /^[^@]*$/;

export const usernameSchema = z
  .string()
  .trim()
  .min(1, "username_required")
  .max(USERNAME_MAX, "username_too_long")
  .regex(/^\S+$/, "username_invalid")
  .regex(USERNAME_NO_AT, "username_no_at");

/** An address an admin sets on a user: stored trimmed and lower-cased like every e-mail feature
 *  stores it ("" clears it); uniqueness among users is checked by the service. */
const adminEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(50, "email_too_long")
  .refine((v) => v === "" || z.email().safeParse(v).success, "email_invalid");

export const registerSchema = z
  .object({
    username: usernameSchema,
    password,
    password2: z.string().optional(),
    email: z.string().trim().max(50, "email_too_long").default(""),
    verification_code: z.string().trim().default(""),
    aff_code: z.string().trim().max(32).default(""),
  })
  .refine((v) => v.password2 === undefined || v.password2 === v.password, {
    message: "password_mismatch",
    path: ["password2"],
  })
  .refine((v) => v.email === "" || z.email().safeParse(v.email).success, { message: "email_invalid", path: ["email"] });
export type RegisterInput = z.infer<typeof registerSchema>;

/** PUT /api/user/self: profile fields and/or a password change. */
export const updateSelfSchema = z.object({
  display_name: z.string().trim().max(USERNAME_MAX, "display_name_too_long").optional(),
  password: password.optional(),
  original_password: z.string().optional(),
});
export type UpdateSelfInput = z.infer<typeof updateSelfSchema>;

/** PUT /api/user/ (admin): edit another user. Quota is an integer number of quota units. */
export const adminUpdateUserSchema = z.object({
  id: z.number().int().positive(),
  username: usernameSchema.optional(),
  display_name: z.string().trim().max(USERNAME_MAX, "display_name_too_long").optional(),
  password: z.union([z.literal(""), password]).optional(),
  email: adminEmailSchema.optional(),
  group: z.string().trim().min(1).max(64).optional(),
  quota: z.number().int("token_quota_integer").min(0, "token_quota_range").max(Number.MAX_SAFE_INTEGER).optional(),
  remark: z.string().max(255).optional(),
});
export type AdminUpdateUserInput = z.infer<typeof adminUpdateUserSchema>;

/** GET /api/user/search query. */
export const userSearchQuerySchema = pageQuerySchema.extend({
  keyword: z.string().max(100).default(""),
  group: z.string().max(64).default(""),
});
