"use client";

// A dialog holding one small form: title, description, the fields, and the Cancel/Submit footer.
// Enter in any field submits, like the footer button. FreshDialog mounts its content only while
// open, so every opening starts from an empty draft.
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";

export function FreshDialog({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: (close: () => void) => ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? children(() => onOpenChange(false)) : null}
    </Dialog>
  );
}

export function FormDialogContent({
  title,
  description,
  onCancel,
  onSubmit,
  submitLabel,
  loading,
  danger,
  submitTestId,
  formClassName,
  "data-testid": testId,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  onCancel: () => void;
  onSubmit: () => void;
  submitLabel?: ReactNode;
  loading?: boolean;
  danger?: boolean;
  submitTestId?: string;
  formClassName?: string;
  "data-testid"?: string;
  children: ReactNode;
}) {
  const tc = useTranslations("common");
  return (
    <DialogContent
      title={title}
      description={description}
      closeLabel={tc("close")}
      footer={
        <DialogActions
          onCancel={onCancel}
          onSubmit={onSubmit}
          submitLabel={submitLabel}
          loading={loading}
          danger={danger}
          submitTestId={submitTestId}
        />
      }
    >
      <form
        noValidate
        className={formClassName}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
        data-testid={testId}
      >
        {children}
        <button type="submit" hidden />
      </form>
    </DialogContent>
  );
}
