"use client";

// Username, display name and password: the fields the add-user drawer and the edit-user form share.
// Adding asks for a password; editing offers a new one (blank keeps the old).
import { useTranslations } from "next-intl";
import { TextField } from "@/components/ui/text-field";

export type UserIdentityValues = { username: string; display_name: string; password: string };

export function UserIdentityFields({
  mode,
  values,
  errors,
  onChange,
}: {
  mode: "add" | "edit";
  values: UserIdentityValues;
  errors: Partial<Record<string, string>>;
  onChange: (patch: Partial<UserIdentityValues>) => void;
}) {
  const t = useTranslations("users");
  const adding = mode === "add";
  const bind = (field: keyof UserIdentityValues) => ({
    value: values[field],
    error: errors[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange({ [field]: e.target.value }),
  });
  return (
    <>
      <TextField
        id={`${mode}-user-username`}
        label={t("username")}
        placeholder={adding ? t("username_placeholder") : undefined}
        autoComplete={adding ? "off" : undefined}
        {...bind("username")}
      />
      <TextField
        id={`${mode}-user-display-name`}
        label={t("display_name")}
        placeholder={adding ? t("display_name_placeholder") : undefined}
        {...bind("display_name")}
      />
      <TextField
        id={`${mode}-user-password`}
        type="password"
        label={adding ? t("password") : t("new_password")}
        placeholder={adding ? t("password_placeholder") : t("new_password_placeholder")}
        hint={t("password_hint")}
        autoComplete="new-password"
        {...bind("password")}
      />
    </>
  );
}
