"use client";

// Changes a user's balance. Add / subtract go through POST /api/user/manage add_quota: a relative
// change on the server, so a relay charge in flight is never overwritten; logged as an admin action.
// "Set to" writes an exact value through PUT /api/user/.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { useSite } from "@/components/providers/site-context";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { AdminUser } from "@/modules/users/client/api";
import { useManageUser, useUpdateUser } from "@/modules/users/client/hooks";
import { formatQuota } from "@/lib/format";

export function QuotaAdjust({ user }: { user: AdminUser }) {
  const t = useTranslations("users");
  const { status } = useSite();
  const manage = useManageUser();
  const update = useUpdateUser();
  const [mode, setMode] = useState<"add" | "subtract" | "set">("add");
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<string | null>(null);
  const money = (q: number) => formatQuota(q, { inCurrency: true, quotaPerUnit: status.quota_per_unit, digits: 2 });
  const value = Number(amount);
  // An exact balance may be 0; a change must move it.
  const valid = amount.trim() !== "" && Number.isSafeInteger(value) && (mode === "set" ? value >= 0 : value > 0);

  const apply = () => {
    if (!valid) return setError(t(mode === "set" ? "quota_set_invalid" : "quota_amount_invalid"));
    setError(null);
    if (mode === "set") {
      update.mutate(
        { id: user.id, quota: value },
        {
          onSuccess: (message) => {
            toast.success(message || t("done"));
            setAmount("");
          },
        },
      );
      return;
    }
    manage.mutate(
      { id: user.id, action: "add_quota", mode, value },
      {
        onSuccess: (res) => {
          toast.success(res.message || t("done"));
          setAmount("");
        },
      },
    );
  };

  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-4" data-testid="quota-adjust">
      <legend className="px-1 text-sm font-semibold">{t("quota")}</legend>
      <p className="text-sm">
        <span className="text-muted">{t("balance")}</span>{" "}
        <span className="font-medium" data-testid="quota-current">
          {user.quota.toLocaleString()}
        </span>{" "}
        <span className="text-muted">({money(user.quota)})</span>
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <Field id="quota-mode" label={t("quota_mode")} className="sm:w-32">
          <Select
            id="quota-mode"
            value={mode}
            onValueChange={(m) => {
              setMode(m as "add" | "subtract" | "set");
              setError(null);
            }}
            options={[
              { value: "add", label: t("quota_add") },
              { value: "subtract", label: t("quota_subtract") },
              { value: "set", label: t("quota_set") },
            ]}
            aria-label={t("quota_mode")}
            data-testid="quota-mode"
          />
        </Field>
        <Field id="quota-amount" label={t("quota_amount")} error={error} className="flex-1">
          <Input
            id="quota-amount"
            inputMode="numeric"
            value={amount}
            placeholder={t("quota_amount_placeholder")}
            onChange={(e) => setAmount(e.target.value.trim())}
            aria-invalid={!!error || undefined}
            data-testid="quota-amount"
          />
        </Field>
        <Button
          type="button"
          variant="outline"
          loading={manage.isPending || update.isPending}
          onClick={apply}
          data-testid="quota-apply"
        >
          {t("quota_apply")}
        </Button>
      </div>
      <p className="text-xs text-muted">
        {valid ? t("quota_preview", { amount: money(value) }) : t("quota_hint", { unit: status.quota_per_unit })}
      </p>
    </fieldset>
  );
}
