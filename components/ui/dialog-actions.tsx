"use client";

// The footer most form dialogs share: Cancel, then the submit button (Confirm unless named).
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

export function DialogActions({
  onCancel,
  onSubmit,
  submitLabel,
  loading,
  disabled,
  danger,
  submitTestId,
}: {
  onCancel: () => void;
  onSubmit: () => void;
  submitLabel?: ReactNode;
  loading?: boolean;
  disabled?: boolean;
  danger?: boolean;
  submitTestId?: string;
}) {
  const tc = useTranslations("common");
  return (
    <>
      <Button variant="outline" onClick={onCancel}>
        {tc("cancel")}
      </Button>
      <Button
        variant={danger ? "danger" : "primary"}
        loading={loading}
        disabled={disabled}
        onClick={onSubmit}
        data-testid={submitTestId}
      >
        {submitLabel ?? tc("confirm")}
      </Button>
    </>
  );
}
