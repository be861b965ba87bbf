"use client";

// Client forms validate with their module's zod schema: one hook turns a failed parse into
// translated per-field errors (and, where the form wants it, a toast of the first one), and a save
// the server refused into the same per-field errors.
import { useCallback, useState } from "react";
import { toast } from "sonner";
import type { z } from "zod";
import { serverFieldErrors, useFieldErrors } from "@/lib/client/form-issues";

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
  /** A refused save: the server's issues (route()'s `issues`) under their fields, every one at once. */
  const showServerErrors = useCallback((error: unknown, under: readonly string[] = []) => {
    const next = serverFieldErrors(error, under);
    if (Object.keys(next).length) setErrors(next);
  }, []);
  return { errors, check, clear, setErrors, showServerErrors };
}
