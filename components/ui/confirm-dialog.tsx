"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";

/** Asks before a destructive or irreversible action. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  danger,
  loading,
  onConfirm,
  children,
  "data-testid": testId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel?: ReactNode;
  danger?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  children?: ReactNode;
  "data-testid"?: string;
}) {
  const t = useTranslations("common");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={title}
        description={description}
        closeLabel={t("close")}
        footer={
          <>
            <Button variant="outline" onClick={() => onOpenChange(false)} data-testid={testId && `${testId}-cancel`}>
              {t("cancel")}
            </Button>
            <Button
              variant={danger ? "danger" : "primary"}
              loading={loading}
              onClick={onConfirm}
              data-testid={testId && `${testId}-confirm`}
            >
              {confirmLabel ?? t("confirm")}
            </Button>
          </>
        }
      >
        {children}
      </DialogContent>
    </Dialog>
  );
}
