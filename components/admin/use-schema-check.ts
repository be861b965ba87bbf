"use client";

// Client forms validate with their module's zod schema: one hook turns a failed parse into
// translated per-field errors (and, where the form wants it, a toast of the first one).
import { useCallback, useState } from "react";
import { toast } from "sonner";
import type { z } from "zod";
import { useFieldErrors } from "@/lib/client/form-issues";

export function useSchemaCheck(options: { toast?: boolean } = {}) {
  const fieldErrors = useFieldErrors();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const showToast = options.toast ?? true;
  const check = useCallback(
    <S extends z.ZodType>(schema: S, input: unknown): z.output<S> | null => {
      const parsed = schema.safeParse(input);
      if (parsed.success) {
        setErrors({});
        return parsed.data;
      }
      const next = fieldErrors(parsed.error);
      setErrors(next);
      const first = Object.values(next)[0];
      if (showToast && first) toast.error(first);
      return null;
    },
    [fieldErrors, showToast],
  );
  /** Clears the named fields' errors (all when none is named), as the user edits them. */
  const clear = useCallback(
    (...fields: string[]) =>
      setErrors((e) => (fields.length ? { ...e, ...Object.fromEntries(fields.map((f) => [f, ""])) } : {})),
    [],
  );
  return { errors, check, clear, setErrors };
}
