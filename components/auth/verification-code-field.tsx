"use client";

// The emailed-code input with its "get code" button, which waits 30 seconds between sends.
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useSendVerificationCode } from "@/lib/client/auth/use-send-verification-code";
import { useCountdown } from "@/lib/client/use-countdown";

export const RESEND_WAIT_SECONDS = 30;

export function VerificationCodeField({
  email,
  value,
  error,
  onChange,
  onMissingEmail,
}: {
  email: string;
  value: string;
  error?: string;
  onChange: (code: string) => void;
  onMissingEmail: () => void;
}) {
  const t = useTranslations("auth.register");
  const send = useSendVerificationCode();
  const countdown = useCountdown();

  const onSend = () => {
    const address = email.trim();
    if (!address) {
      onMissingEmail();
      return;
    }
    send.mutate(address, {
      onSuccess: () => {
        toast.success(t("code_sent"));
        countdown.start(RESEND_WAIT_SECONDS);
      },
    });
  };

  return (
    <Field id="register-code" label={t("code")} error={error}>
      <div className="flex gap-2">
        <Input
          id="register-code"
          data-testid="register-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder={t("code_placeholder")}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={!!error}
          aria-describedby={error ? "register-code-error" : undefined}
        />
        <Button
          type="button"
          variant="outline"
          className="shrink-0"
          loading={send.isPending}
          disabled={countdown.remaining > 0}
          onClick={onSend}
          data-testid="register-send-code"
        >
          {countdown.remaining > 0 ? t("resend_in", { seconds: countdown.remaining }) : t("send_code")}
        </Button>
      </div>
    </Field>
  );
}
