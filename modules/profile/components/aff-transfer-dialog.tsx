"use client";

// Move invite rewards into the balance (at least one unit, 划转金额最低为 …; at most the
// pending aff_quota). The amount is in quota units, prefilled with everything transferable.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { useSite } from "@/components/providers/site-context";
import { FormDialogContent, FreshDialog } from "@/components/ui/form-dialog";
import { TextField } from "@/components/ui/text-field";
import { affTransferIssue } from "@/modules/profile/client/forms";
import { useAffTransfer } from "@/modules/profile/client/use-aff";
import { formatQuota } from "@/lib/format";

export function AffTransferDialog({
  open,
  onOpenChange,
  affQuota,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  affQuota: number;
}) {
  return (
    <FreshDialog open={open} onOpenChange={onOpenChange}>
      {(close) => <TransferContent onClose={close} affQuota={affQuota} />}
    </FreshDialog>
  );
}

function TransferContent({ onClose, affQuota }: { onClose: () => void; affQuota: number }) {
  const t = useTranslations("me");
  const { status } = useSite();
  const transfer = useAffTransfer();
  const min = Math.max(1, Math.ceil(status.quota_per_unit || 500000));
  const [draft, setDraft] = useState(String(Math.max(affQuota, 0)));
  const [error, setError] = useState<string | null>(null);
  // money is always shown in currency here: the minimum is defined as one currency unit
  const money = (q: number) => formatQuota(q, { inCurrency: true, quotaPerUnit: status.quota_per_unit });
  const amount = Number(draft.trim());

  const submit = () => {
    const issue = affTransferIssue(draft.trim() === "" ? NaN : amount, { min, max: affQuota });
    if (issue) {
      const text = issue === "transfer_min" ? t("transfer_min", { amount: money(min) }) : t(issue);
      setError(text);
      toast.error(text);
      return;
    }
    setError(null);
    transfer.mutate(
      { quota: amount },
      {
        onSuccess: (res) => {
          toast.success(t("transfer_success", { amount: money(res.quota) }));
          onClose();
        },
      },
    );
  };

  return (
    <FormDialogContent
      title={t("transfer_title")}
      description={t("transfer_description")}
      onCancel={onClose}
      onSubmit={submit}
      submitLabel={t("transfer_submit")}
      loading={transfer.isPending}
      submitTestId="me-aff-transfer-submit"
    >
      <TextField
        id="me-aff-transfer-amount"
        label={t("transfer_amount")}
        type="number"
        inputMode="numeric"
        min={min}
        max={affQuota}
        step={1}
        value={draft}
        error={error}
        hint={
          <>
            {t("transfer_hint", {
              max: `${affQuota.toLocaleString()} (${money(affQuota)})`,
              min: `${min.toLocaleString()} (${money(min)})`,
            })}
            {Number.isFinite(amount) && amount > 0 ? ` · ${t("transfer_equals", { amount: money(amount) })}` : ""}
          </>
        }
        onChange={(e) => {
          setDraft(e.target.value);
          setError(null);
        }}
      />
    </FormDialogContent>
  );
}
