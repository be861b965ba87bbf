// The register form's client-side checks. The server re-validates with registerSchema;
// this adds what only the form knows: the confirmation field and the "required" wording.
import { z } from "zod";
import { PASSWORD_MAX, PASSWORD_MIN } from "@/lib/constants";
import { usernameSchema } from "@/modules/users/client";

export function registerFormSchema({ emailVerification }: { emailVerification: boolean }) {
  const required = (message: string) => (emailVerification ? z.string().trim().min(1, message) : z.string().trim());
  return z
    .object({
      username: usernameSchema,
      password: z
        .string()
        .min(1, "auth.register.password_required")
        .min(PASSWORD_MIN, "password_too_short")
        .max(PASSWORD_MAX, "password_too_long"),
      password2: z.string(),
      email: required("auth.register.email_required"),
      verification_code: required("auth.register.code_required"),
      aff_code: z.string().trim(),
    })
    .refine((v) => v.password === v.password2, { message: "password_mismatch", path: ["password2"] });
}

export type RegisterFormValues = z.input<ReturnType<typeof registerFormSchema>>;
