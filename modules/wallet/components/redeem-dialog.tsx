"use client";

// Redeem a code (an empty code reads 请输入兑换码！). Prefilled from ?code=, which can be changed; on
// success the credited amount is shown and the balance re-read.
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { useSite } from "@/components/providers/site-context";
import { Dialog } from "@/components/ui/dialog";
import { FormDialogContent } from "@/components/ui/form-dialog";
import { TextField } from "@/components/ui/text-field";
import { useIssueText } from "@/lib/client/form-issues";
import { useHumanCheck } from "@/components/use-human-check";
import { useRedeemCode } from "@/modules/wallet/client/hooks";
import { formatQuota } from "@/lib/format";
import { redeemSchema } from "@/modules/redemptions/client";

export function RedeemDialog({
  open,
  onOpenChange,
  initialCode,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialCode: string;
}) {
  const t = useTranslations("wallet");
  const issueText = useIssueText();
  const router = useRouter();
  const { status } = useSite();
  const [code, setCode] = useState(initialCode);
  const [error, setError] = useState<string | null>(null);
  const redeem = useRedeemCode();
  const humanCheck = useHumanCheck();
  const th = useTranslations("im_auth.human_check");

  const submit = () => {
    const parsed = redeemSchema.safeParse({ key: code });
    if (!parsed.success) {
      const text = issueText(parsed.error.issues[0]!.message);
      setError(text);
      toast.error(text);
      return;
    }
    if (!humanCheck.ready) {
      toast.error(th("redeem_not_ready"));
      return;
    }
    setError(null);
    redeem.mutate(
      { key: parsed.data.key, turnstile: humanCheck.token },
      {
        // a Turnstile token is single-use: ask for a fresh one whatever the outcome
        onSettled: humanCheck.reset,
        onSuccess: (res) => {
          const amount = formatQuota(res.quota, {
            inCurrency: status.display_in_currency,
            quotaPerUnit: status.quota_per_unit,
          });
          toast.success(res.is_gift ? t("redeem_gift_success", { amount }) : t("redeem_success", { amount }));
          setCode("");
          onOpenChange(false);
          // a used ?code= must not reopen the dialog on reload
          if (initialCode) router.replace("/app/wallet");
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <FormDialogContent
        title={t("redeem_title")}
        description={t("redeem_dialog_description")}
        onCancel={() => onOpenChange(false)}
        onSubmit={submit}
        submitLabel={t("redeem_button")}
        loading={redeem.isPending}
        submitTestId="redeem-submit"
      >
        <TextField
          id="redeem-code"
          label={t("code")}
          placeholder={t("code_placeholder")}
          value={code}
          autoComplete="off"
          error={error}
          onChange={(e) => setCode(e.target.value)}
        />
        {humanCheck.widget ? <div className="mt-4">{humanCheck.widget}</div> : null}
      </FormDialogContent>
    </Dialog>
  );
}
