// Payloads of the admin user calls: POST /api/user/ and POST /api/user/manage, shared by
// the routes and the users admin forms. Issue messages are server message keys.
import { z } from "zod";
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from "@/lib/constants";
import { USERNAME_NO_AT } from "@/modules/users/schemas/account";

/** Largest quota an admin may set or move in one step ($2 billion at 500000 per unit). */
export const USER_QUOTA_MAX = 1_000_000_000_000_000;

/** POST /api/user/: username and password required (用户名和密码不能为空！), password 8–20. */
export const createUserSchema = z.object({
  username: z
    .string({ error: "user_create_required" })
    .trim()
    .min(1, "user_create_required")
    .max(USERNAME_MAX, "username_too_long")
    .regex(/^\S+$/, "username_invalid")
    .regex(USERNAME_NO_AT, "username_no_at"),
  display_name: z.string().trim().max(USERNAME_MAX, "display_name_too_long").optional(),
  password: z
    .string({ error: "user_create_required" })
    .min(1, "user_create_required")
    .min(PASSWORD_MIN, "password_too_short")
    .max(PASSWORD_MAX, "password_too_long"),
});
export type CreateUserInput = z.infer<typeof createUserSchema>;

export const USER_ACTIONS = ["promote", "demote", "disable", "enable", "delete", "add_quota"] as const;
export type UserAction = (typeof USER_ACTIONS)[number];
export const QUOTA_MODES = ["add", "subtract", "override"] as const;
export type QuotaMode = (typeof QUOTA_MODES)[number];

/**
 * POST /api/user/manage {id, action}; `add_quota` also takes {mode, value}: add and subtract move the
 * balance atomically (no read-modify-write race with the relay), override sets it.
 */
export const manageUserSchema = z
  .object({
    id: z.number({ error: "user_not_found" }).int().positive("user_not_found"),
    action: z.enum(USER_ACTIONS, { error: "user_action_invalid" }),
    mode: z.enum(QUOTA_MODES, { error: "user_quota_mode_invalid" }).optional(),
    value: z
      .number({ error: "token_quota_integer" })
      .int("token_quota_integer")
      .min(0, "token_quota_range")
      .max(USER_QUOTA_MAX, "token_quota_range")
      .optional(),
  })
  .refine((v) => v.action !== "add_quota" || v.mode !== undefined, {
    message: "user_quota_mode_invalid",
    path: ["mode"],
  })
  .refine((v) => v.action !== "add_quota" || (v.value !== undefined && (v.mode === "override" || v.value > 0)), {
    message: "user_quota_value_required",
    path: ["value"],
  });
export type ManageUserInput = z.infer<typeof manageUserSchema>;
