"use client";

// The own-account edit page (/user/edit): username (read-only), display name, password change.
// Bindings, notifications and the rest stay in the personal settings, linked below.
import { AppLink } from "@/components/ui/app-link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ChangePasswordDialog } from "@/modules/profile/components/change-password-dialog";
import { DisplayNameForm } from "@/modules/profile/components/profile-card";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useSelfProfile } from "@/modules/profile/client/use-self-profile";

export function SelfEditPageClient() {
  const t = useTranslations("users");
  const tm = useTranslations("me");
  const tc = useTranslations("common");
  const self = useSelfProfile();
  const [passwordOpen, setPasswordOpen] = useState(false);
  if (!self.data)
    return (
      <Card className="p-4 sm:p-6">
        <p className="py-10 text-center text-muted">{self.isError ? t("load_failed") : tc("loading")}</p>
      </Card>
    );
  return (
    <Card className="flex flex-col gap-5 p-4 sm:p-6" data-testid="self-edit">
      <Field id="self-edit-username" label={t("username")}>
        <Input id="self-edit-username" value={self.data.username} readOnly disabled />
      </Field>
      <DisplayNameForm key={self.data.display_name} self={self.data} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button type="button" variant="outline" onClick={() => setPasswordOpen(true)} data-testid="self-edit-password">
          {tm("change_password")}
        </Button>
        <Button asChild variant="ghost" size="sm">
          <AppLink href="/app/me">{t("edit_self_more")}</AppLink>
        </Button>
      </div>
      <ChangePasswordDialog open={passwordOpen} onOpenChange={setPasswordOpen} hasPassword={self.data.has_password} />
    </Card>
  );
}
