"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Textarea } from "@/components/ui/input";
import { cn } from "@/lib/client/cn";
import { isValidJsonText } from "@/lib/json-text";

/** A JSON text area checked on blur (invalid JSON reads 不是合法的 JSON 字符串). */
export function JsonTextarea({
  value,
  onChange,
  onValidityChange,
  rows = 6,
  placeholder,
  id,
  className,
  disabled,
  "data-testid": testId,
}: {
  value: string;
  onChange: (text: string) => void;
  onValidityChange?: (valid: boolean) => void;
  rows?: number;
  placeholder?: string;
  id?: string;
  className?: string;
  disabled?: boolean;
  "data-testid"?: string;
}) {
  const t = useTranslations("common");
  const [invalid, setInvalid] = useState(false);
  return (
    <div className="flex flex-col gap-1">
      <Textarea
        id={id}
        rows={rows}
        value={value}
        placeholder={placeholder}
        disabled={disabled}
        spellCheck={false}
        aria-invalid={invalid || undefined}
        data-testid={testId}
        className={cn("font-mono text-xs", className)}
        onChange={(e) => {
          onChange(e.target.value);
          if (invalid && isValidJsonText(e.target.value)) {
            setInvalid(false);
            onValidityChange?.(true);
          }
        }}
        onBlur={() => {
          const valid = isValidJsonText(value);
          setInvalid(!valid);
          onValidityChange?.(valid);
        }}
      />
      {invalid ? (
        <p role="alert" className="text-xs text-danger" data-testid={testId ? `${testId}-error` : undefined}>
          {t("invalid_json")}
        </p>
      ) : null}
    </div>
  );
}
