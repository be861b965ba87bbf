"use client";

// The form of an entity drawer: fields, then a footer that stays at the bottom of the panel with
// Cancel and Submit. Enter in any field submits; the browser's own checks are off unless asked for
// (the zod schemas give the translated messages).
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/client/cn";

export function DrawerForm({
  onSubmit,
  onCancel,
  submitLabel,
  loading,
  nativeValidation,
  className,
  "data-testid": testId,
  submitTestId,
  children,
}: {
  onSubmit: () => void;
  /** Without it the footer has only the submit button. */
  onCancel?: () => void;
  submitLabel?: ReactNode;
  loading?: boolean;
  nativeValidation?: boolean;
  className?: string;
  "data-testid"?: string;
  submitTestId?: string;
  children: ReactNode;
}) {
  const tc = useTranslations("common");
  return (
    <form
      className={cn("flex flex-col gap-4", className)}
      noValidate={!nativeValidation}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      data-testid={testId}
    >
      {children}
      <div className="sticky -bottom-4 flex justify-end gap-2 border-t border-border bg-surface py-4">
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            {tc("cancel")}
          </Button>
        ) : null}
        <Button type="submit" loading={loading} data-testid={submitTestId}>
          {submitLabel ?? tc("submit")}
        </Button>
      </div>
    </form>
  );
}
