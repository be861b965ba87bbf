"use client";

// What every drawer form does around its fields: keep a draft that a field patches (clearing the
// errors the user is fixing), and on a saved answer toast its message and close.
import { useCallback, useState } from "react";
import { toast } from "sonner";

/** A form's draft and a patcher; the patcher also clears the field errors when given `clear`. */
export function useDraft<T extends object>(initial: T | (() => T), clear?: () => void) {
  const [draft, setDraft] = useState<T>(initial);
  const patch = useCallback(
    (p: Partial<T>) => {
      setDraft((d) => ({ ...d, ...p }));
      clear?.();
    },
    [clear],
  );
  return [draft, patch, setDraft] as const;
}

/** Mutation options that toast the answer's message (or `fallback`) and then close the form. */
export function closeOnSuccess(onDone: () => void, fallback = "") {
  return {
    onSuccess: (answer?: unknown) => {
      toast.success(typeof answer === "string" && answer ? answer : fallback);
      onDone();
    },
  };
}
