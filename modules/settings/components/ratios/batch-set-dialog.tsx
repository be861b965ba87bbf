"use client";

// Batch set for the selected unset models: a fixed per-request price, or a model ratio with a
// completion ratio (its refusal messages come from the caller's check).
import { useTranslations } from "next-intl";
import { useState } from "react";
import { DialogActions } from "@/components/ui/dialog-actions";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { RadioGroup, RadioItem } from "@/components/ui/radio-group";
import type { BatchValues } from "@/modules/pricing/client";
import { ErrorText } from "@/components/ui/error-text";

export function BatchSetDialog({
  count,
  onClose,
  onSubmit,
}: {
  count: number;
  onClose: () => void;
  /** Answers an error message, or null when applied. */
  onSubmit: (v: BatchValues) => string | null;
}) {
  const t = useTranslations("settings");
  const tc = useTranslations("common");
  const [v, setV] = useState<BatchValues>({ mode: "ratio", price: "", ratio: "", completionRatio: "" });
  const [error, setError] = useState<string | null>(null);
  const field = (key: "price" | "ratio" | "completionRatio", label: string) => (
    <Field id={`batch-${key}`} label={label}>
      <Input
        id={`batch-${key}`}
        data-testid={`batch-${key}`}
        inputMode="decimal"
        value={v[key]}
        onChange={(e) => {
          setV({ ...v, [key]: e.target.value });
          setError(null);
        }}
      />
    </Field>
  );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={t("pricing.batch_title", { count })}
        closeLabel={tc("close")}
        footer={<DialogActions onCancel={onClose} onSubmit={() => setError(onSubmit(v))} submitTestId="batch-submit" />}
      >
        <div className="flex flex-col gap-4" data-testid="batch-dialog">
          <RadioGroup
            value={v.mode}
            onValueChange={(mode) => setV({ ...v, mode: mode as BatchValues["mode"] })}
            className="grid grid-cols-1 gap-2 sm:grid-cols-2"
          >
            <RadioItem id="batch-mode-ratio" value="ratio" label={t("pricing.per_token")} />
            <RadioItem id="batch-mode-price" value="price" label={t("pricing.per_request")} />
          </RadioGroup>
          {v.mode === "price" ? (
            field("price", t("pricing.fixed_price"))
          ) : (
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              {field("ratio", t("pricing.col_ratio"))}
              {field("completionRatio", t("pricing.col_completion"))}
            </div>
          )}
          <ErrorText data-testid="batch-error">{error}</ErrorText>
        </div>
      </DialogContent>
    </Dialog>
  );
}
