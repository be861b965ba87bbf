// Client-side rules of the /app/me dialogs. Issue messages are full message paths
// ("me.…") or bare server keys, as useIssueText expects.
import { z } from "zod";
import { PASSWORD_MAX, PASSWORD_MIN } from "@/lib/constants";

/**
 * Password change: current password, new password and its confirmation (两次输入的密码不一致！).
 * An account created through a sign-in provider has no password yet: its first one needs none.
 */
export const changePasswordFormSchema = (hasPassword: boolean) =>
  z
    .object({
      original_password: hasPassword ? z.string().min(1, "me.original_password_required") : z.string(),
      password: z.string().min(PASSWORD_MIN, "password_too_short").max(PASSWORD_MAX, "password_too_long"),
      password2: z.string(),
    })
    .refine((v) => v.password === v.password2, { message: "me.password_mismatch", path: ["password2"] });
export type ChangePasswordForm = z.infer<ReturnType<typeof changePasswordFormSchema>>;

/** Deleting one's account needs one's own username typed (请输入你的账户名以确认删除！). */
export function deleteConfirmationMatches(typed: string, username: string): boolean {
  return typed.trim() !== "" && typed.trim() === username;
}

export type AffTransferIssue = "transfer_invalid" | "transfer_min" | "transfer_max" | null;

/**
 * The first problem of an invite-quota transfer amount (whole quota units): at least one unit
 * (划转金额最低为 …), at most the pending invite quota (邀请额度不足！). Keys of the me namespace.
 */
export function affTransferIssue(quota: number, limits: { min: number; max: number }): AffTransferIssue {
  if (!Number.isSafeInteger(quota) || quota <= 0) return "transfer_invalid";
  if (quota < limits.min) return "transfer_min";
  if (quota > limits.max) return "transfer_max";
  return null;
}
