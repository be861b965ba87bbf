"use client";

// A dialog asking for one code (TOTP or backup code): turning two-factor off, new backup codes.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { FormDialogContent, FreshDialog } from "@/components/ui/form-dialog";
import { TextField } from "@/components/ui/text-field";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  placeholder: string;
  submitLabel: string;
  danger?: boolean;
  loading: boolean;
  onSubmit: (code: string, close: () => void) => void;
  testId: string;
};

function CodeForm({ close, ...p }: Props & { close: () => void }) {
  const t = useTranslations("security");
  const [code, setCode] = useState("");
  return (
    <FormDialogContent
      title={p.title}
      description={p.description}
      onCancel={close}
      onSubmit={() => code.trim() && p.onSubmit(code.trim(), close)}
      submitLabel={p.submitLabel}
      loading={p.loading}
      danger={p.danger}
      submitTestId={`${p.testId}-submit`}
      data-testid={p.testId}
    >
      <TextField
        id={`${p.testId}-code`}
        label={t("code_label")}
        placeholder={p.placeholder}
        autoComplete="one-time-code"
        inputMode="text"
        maxLength={32}
        autoFocus
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
    </FormDialogContent>
  );
}

export function CodeDialog(props: Props) {
  return (
    <FreshDialog open={props.open} onOpenChange={props.onOpenChange}>
      {(close) => <CodeForm {...props} close={close} />}
    </FreshDialog>
  );
}
