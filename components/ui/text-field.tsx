import type { InputHTMLAttributes, ReactNode } from "react";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & {
  /** Input id; also its data-testid and the prefix of its error element's id. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  /** Marks the input invalid without an inline message (e.g. a form-level alert). */
  invalid?: boolean;
};

/** A labelled text input with its hint and validation error wired for screen readers. */
export function TextField({ id, label, hint, error, invalid, ...input }: TextFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <Input
        id={id}
        data-testid={id}
        aria-invalid={!!error || !!invalid}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
    </Field>
  );
}
