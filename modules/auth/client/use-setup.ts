import { useMutation } from "@tanstack/react-query";
import { submitSetup } from "@/modules/accounts/client/auth/api";

/** POST /api/setup. Errors are worded by the wizard (with setup-specific fallback texts). */
export function useSetup() {
  return useMutation({ mutationFn: submitSetup, meta: { silent: true } });
}
