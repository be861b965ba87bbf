import { useMutation } from "@tanstack/react-query";
import { register } from "@/modules/auth/client/api";

/** POST /api/user/register. Failures are toasted by the global MutationCache handler. */
export function useRegister() {
  return useMutation({ mutationFn: register });
}
