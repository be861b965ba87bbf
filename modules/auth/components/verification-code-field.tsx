"use client";

// The emailed-code input with its "get code" button, which waits 30 seconds between sends. Used by
// the register form and the email-binding dialog (`idPrefix` keeps their test ids apart). With a
// `humanCheck`, its token rides along as `turnstile` and a send waits for the check to finish.
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { HumanCheck } from "@/components/use-human-check";
import { useSendVerificationCode } from "@/modules/auth/client/use-send-verification-code";
import { useCountdown } from "@/lib/client/use-countdown";

export const RESEND_WAIT_SECONDS = 30;

export function VerificationCodeField({
  email,
  value,
  error,
  onChange,
  onMissingEmail,
  idPrefix = "register",
  humanCheck,
}: {
  email: string;
  value: string;
  error?: string;
  onChange: (code: string) => void;
  onMissingEmail: () => void;
  idPrefix?: string;
  humanCheck?: HumanCheck;
}) {
  const t = useTranslations("auth.register");
  const tm = useTranslations("mail_auth");
  const send = useSendVerificationCode();
  const countdown = useCountdown();

  const onSend = () => {
    const address = email.trim();
    if (!address) {
      onMissingEmail();
      return;
    }
    if (humanCheck && !humanCheck.ready) {
      toast.info(tm("human_check_pending"));
      return;
    }
    send.mutate(
      { email: address, turnstile: humanCheck?.token },
      {
        onSuccess: () => {
          toast.success(t("code_sent"));
          countdown.start(RESEND_WAIT_SECONDS);
        },
        // a human-check token is single-use
        onSettled: () => humanCheck?.reset(),
      },
    );
  };

  return (
    <Field id={`${idPrefix}-code`} label={t("code")} error={error}>
      <div className="flex gap-2">
        <Input
          id={`${idPrefix}-code`}
          data-testid={`${idPrefix}-code`}
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder={t("code_placeholder")}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={!!error}
          aria-describedby={error ? `${idPrefix}-code-error` : undefined}
        />
        <Button
          type="button"
          variant="outline"
          className="shrink-0"
          loading={send.isPending}
          disabled={countdown.remaining > 0}
          onClick={onSend}
          data-testid={`${idPrefix}-send-code`}
        >
          {countdown.remaining > 0 ? t("resend_in", { seconds: countdown.remaining }) : t("send_code")}
        </Button>
      </div>
    </Field>
  );
}
