"use client";

// Add/edit one model's pricing: per-token by ratio or by price per 1M
// tokens (input price ÷ 2 = ratio, output ÷ input = completion ratio), or a fixed per-request price,
// which disables the ratio fields. Refusals read 请输入数字 / 模型名称已存在 / 模型价格不能为0.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { DialogActions } from "@/components/ui/dialog-actions";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { RadioGroup, RadioItem } from "@/components/ui/radio-group";
import {
  checkRowDraft,
  completionRatioFromPrices,
  draftFromRow,
  ratioFromInputPrice,
  rowFromDraft,
  type PricingRow,
  type RowDraft,
} from "@/modules/pricing/client";
import { ErrorText } from "@/components/ui/error-text";

export function PricingRowDialog({
  row,
  existing,
  onClose,
  onSubmit,
}: {
  row: PricingRow | null;
  existing: string[];
  onClose: () => void;
  onSubmit: (row: PricingRow, originalName?: string) => void;
}) {
  const t = useTranslations("settings");
  const tc = useTranslations("common");
  const [d, setD] = useState<RowDraft>(() => draftFromRow(row));
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<RowDraft>) => {
    setD((cur) => ({ ...cur, ...patch }));
    setError(null);
  };
  const fixed = d.mode === "per_request";
  const num = (s: string) => (s.trim() !== "" && Number.isFinite(Number(s)) ? Number(s) : null);
  const previewRatio =
    d.tokenInput === "price" && num(d.inputPrice) !== null ? ratioFromInputPrice(num(d.inputPrice)!) : null;
  const previewCompletion =
    d.tokenInput === "price" && num(d.inputPrice) !== null && num(d.outputPrice) !== null
      ? completionRatioFromPrices(num(d.inputPrice)!, num(d.outputPrice)!)
      : null;

  const submit = () => {
    const problem = checkRowDraft(d, existing, row?.name);
    if (problem) return setError(t(`pricing.problems.${problem}`));
    onSubmit(rowFromDraft(d), row?.name);
  };

  // The two either/or switches: per token or per request, and ratios or prices.
  const choice = <K extends "mode" | "tokenInput">(
    key: K,
    items: [id: string, value: RowDraft[K], label: string][],
  ) => (
    <RadioGroup
      value={d[key]}
      onValueChange={(v) => set({ [key]: v } as Partial<RowDraft>)}
      className="grid grid-cols-1 gap-2 sm:grid-cols-2"
    >
      {items.map(([id, value, label]) => (
        <RadioItem key={id} id={id} value={value} label={label} />
      ))}
    </RadioGroup>
  );

  const input = (key: keyof RowDraft, label: string, disabled = false) => (
    <Field id={`pricing-${key}`} label={label}>
      <Input
        id={`pricing-${key}`}
        data-testid={`pricing-dialog-${key}`}
        inputMode="decimal"
        disabled={disabled}
        value={d[key]}
        onChange={(e) => set({ [key]: e.target.value })}
      />
    </Field>
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={row ? t("pricing.edit_title") : t("pricing.add_title")}
        closeLabel={tc("close")}
        footer={<DialogActions onCancel={onClose} onSubmit={submit} submitTestId="pricing-dialog-submit" />}
      >
        <div className="flex flex-col gap-4" data-testid="pricing-dialog">
          {input("name", t("pricing.col_name"))}
          {choice("mode", [
            ["pricing-mode-token", "per_token", t("pricing.per_token")],
            ["pricing-mode-request", "per_request", t("pricing.per_request")],
          ])}
          {fixed ? input("price", t("pricing.fixed_price")) : null}
          <fieldset disabled={fixed} className="flex flex-col gap-3 disabled:opacity-50">
            {choice("tokenInput", [
              ["pricing-input-ratio", "ratio", t("pricing.by_ratio")],
              ["pricing-input-price", "price", t("pricing.by_price")],
            ])}
            {d.tokenInput === "ratio" ? (
              <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                {input("ratio", t("pricing.col_ratio"), fixed)}
                {input("completionRatio", t("pricing.col_completion"), fixed)}
              </div>
            ) : (
              <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                {input("inputPrice", t("pricing.input_price_1m"), fixed)}
                {input("outputPrice", t("pricing.output_price_1m"), fixed)}
                <p className="text-xs text-muted sm:col-span-2" data-testid="pricing-dialog-preview">
                  {t("pricing.preview", {
                    ratio: previewRatio ?? "-",
                    completion: previewCompletion ?? "-",
                  })}
                </p>
              </div>
            )}
          </fieldset>
          <ErrorText data-testid="pricing-dialog-error">{error}</ErrorText>
        </div>
      </DialogContent>
    </Dialog>
  );
}
