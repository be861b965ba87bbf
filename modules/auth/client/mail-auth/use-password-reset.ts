import { useMutation } from "@tanstack/react-query";
import { confirmPasswordReset, requestPasswordReset } from "@/modules/auth/client/mail-auth/api";

/** GET /api/reset_password. Failures are toasted by the global MutationCache handler. */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

/** POST /api/user/reset. Failures are toasted by the global MutationCache handler. */
export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
