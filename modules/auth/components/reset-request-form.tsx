"use client";

// Password reset request: an e-mail
// input, the optional human-check widget, and a submit button that waits 30 seconds after each
// request. The server answers the same whether or not the address has an account.
import { AppLink } from "@/components/ui/app-link";
import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { AuthShell } from "@/modules/auth/components/auth-shell";
import { Button } from "@/components/ui/button";
import { Banner } from "@/components/ui/card";
import { TextField } from "@/components/ui/text-field";
import { useIssueText } from "@/lib/client/form-issues";
import { useHumanCheck } from "@/components/use-human-check";
import { useRequestPasswordReset } from "@/modules/auth/client/mail-auth/use-password-reset";
import { useCountdown } from "@/lib/client/use-countdown";
import { emailSchema } from "@/modules/auth/schemas/mail-auth";

export const RESET_RETRY_SECONDS = 30;

export function ResetRequestForm() {
  const t = useTranslations("mail_auth.reset");
  const tm = useTranslations("mail_auth");
  const issueText = useIssueText();
  const humanCheck = useHumanCheck();
  const request = useRequestPasswordReset();
  const countdown = useCountdown();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (request.isPending || countdown.remaining > 0) return;
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setError(issueText(parsed.error.issues[0]!.message));
      return;
    }
    if (!humanCheck.ready) {
      toast.info(tm("human_check_pending"));
      return;
    }
    setError(null);
    request.mutate(
      { email: parsed.data, turnstile: humanCheck.token },
      {
        onSuccess: (message) => {
          toast.success(message || t("sent"));
          setSentTo(parsed.data);
          countdown.start(RESET_RETRY_SECONDS);
        },
        onSettled: () => humanCheck.reset(),
      },
    );
  };

  const footer = (
    <span>
      {t("remembered")}{" "}
      <AppLink href="/login" className="font-medium text-primary hover:underline" data-testid="reset-login-link">
        {t("login_link")}
      </AppLink>
    </span>
  );

  return (
    <AuthShell title={t("title")} subtitle={t("subtitle")} footer={footer}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {sentTo ? (
          <Banner tone="info" data-testid="reset-sent">
            {t("sent_detail", { email: sentTo })}
          </Banner>
        ) : null}
        <TextField
          id="reset-email"
          label={t("email")}
          type="email"
          autoComplete="email"
          placeholder={t("email_placeholder")}
          value={email}
          error={error}
          onChange={(e) => {
            setEmail(e.target.value);
            setError(null);
          }}
        />
        {humanCheck.widget ? <div className="flex justify-center">{humanCheck.widget}</div> : null}
        <Button
          type="submit"
          size="lg"
          className="w-full"
          loading={request.isPending}
          disabled={countdown.remaining > 0}
          data-testid="reset-submit"
        >
          {countdown.remaining > 0 ? t("retry_in", { seconds: countdown.remaining }) : t("submit")}
        </Button>
      </form>
    </AuthShell>
  );
}
