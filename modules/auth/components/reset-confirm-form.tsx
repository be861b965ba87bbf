"use client";

// Password reset confirmation: the address
// from the link, read-only, and a submit button; the server answers with a new password, shown
// once here and copied to the clipboard at once; a click copies it again (a manual-copy
// dialog opens when the clipboard is unavailable).
import { AppLink } from "@/components/ui/app-link";
import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { AuthShell } from "@/modules/auth/components/auth-shell";
import { Button } from "@/components/ui/button";
import { Banner } from "@/components/ui/card";
import { TextField } from "@/components/ui/text-field";
import { useConfirmPasswordReset } from "@/modules/auth/client/mail-auth/use-password-reset";
import { copyText } from "@/lib/client/copy-text";
import { useCopy } from "@/components/use-copy";

export function ResetConfirmForm({ email, token }: { email: string; token: string }) {
  const t = useTranslations("mail_auth.confirm");
  const confirm = useConfirmPasswordReset();
  const { copy, copyDialog } = useCopy();
  const [password, setPassword] = useState<string | null>(null);
  const linkComplete = !!email && !!token;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!linkComplete || confirm.isPending || password) return;
    confirm.mutate(
      { email, token },
      {
        onSuccess: async (newPassword) => {
          setPassword(newPassword);
          // Quietly: when the browser refuses, the password is on screen with click-to-copy.
          const copied = await copyText(newPassword);
          toast.success(copied ? t("done_copied") : t("done"));
        },
      },
    );
  };

  const footer = (
    <AppLink href="/login" className="font-medium text-primary hover:underline" data-testid="reset-confirm-login-link">
      {t("login_link")}
    </AppLink>
  );

  return (
    <AuthShell title={t("title")} subtitle={t("subtitle")} footer={footer}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {!linkComplete ? (
          <Banner tone="danger" data-testid="reset-confirm-incomplete">
            {t("incomplete")}{" "}
            <AppLink href="/reset" className="font-medium underline">
              {t("request_again")}
            </AppLink>
          </Banner>
        ) : null}
        <TextField id="reset-confirm-email" label={t("email")} value={email} readOnly className="bg-surface-muted" />
        {password ? (
          <div className="space-y-2" data-testid="reset-confirm-result">
            <p className="text-sm font-medium">{t("new_password")}</p>
            <button
              type="button"
              onClick={() => void copy(password, t("copied"))}
              className="flex w-full items-center justify-between gap-3 rounded-md border border-border bg-surface-muted px-3 py-2.5 text-left hover:border-primary focus-visible:outline-2 focus-visible:outline-primary"
              data-testid="reset-new-password"
              title={t("click_to_copy")}
            >
              <span className="font-mono text-base break-all select-all">{password}</span>
              <span className="shrink-0 text-xs text-primary">{t("click_to_copy")}</span>
            </button>
            <p className="text-xs text-muted">{t("change_hint")}</p>
            <Button asChild size="lg" className="w-full" data-testid="reset-confirm-go-login">
              <AppLink href="/login">{t("go_login")}</AppLink>
            </Button>
          </div>
        ) : (
          <Button
            type="submit"
            size="lg"
            className="w-full"
            loading={confirm.isPending}
            disabled={!linkComplete}
            data-testid="reset-confirm-submit"
          >
            {t("submit")}
          </Button>
        )}
      </form>
      {copyDialog}
    </AuthShell>
  );
}
