"use client";

// Runs a sensitive action behind secure verification: when this session holds no fresh verification
// (GET /api/verify/status), the verification dialog opens first and the action runs after it.
// Render `dialog` once in the component.
import { useCallback, useRef, useState, type ReactNode } from "react";
import { getVerifyStatus, type VerifyMethods } from "@/modules/security/client/api";
import { SecureVerifyDialog } from "@/modules/security/components/secure-verify-dialog";

type GuardOptions = {
  /** The action checks the password itself (a password change): an account without 2FA or passkey goes on. */
  passwordChecked?: boolean;
};

export function useSecureAction(): {
  guard: (action: () => void, options?: GuardOptions) => Promise<void>;
  dialog: ReactNode;
} {
  const [methods, setMethods] = useState<VerifyMethods | null>(null);
  const pending = useRef<(() => void) | null>(null);
  const guard = useCallback(async (action: () => void, options: GuardOptions = {}) => {
    const status = await getVerifyStatus();
    if (status.verified || (options.passwordChecked && status.methods.password)) return action();
    pending.current = action;
    setMethods(status.methods);
  }, []);
  const dialog = (
    <SecureVerifyDialog
      methods={methods}
      onOpenChange={(open) => !open && setMethods(null)}
      onVerified={() => {
        const action = pending.current;
        pending.current = null;
        action?.();
      }}
    />
  );
  return { guard, dialog };
}
