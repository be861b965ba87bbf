import { useMutation } from "@tanstack/react-query";
import { login } from "@/modules/auth/client/api";

/** POST /api/user/login. Failures are toasted by the global MutationCache handler. */
export function useLogin() {
  return useMutation({ mutationFn: login });
}
