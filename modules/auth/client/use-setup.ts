import { useMutation } from "@tanstack/react-query";
import { submitSetup } from "@/modules/auth/client/api";

/** POST /api/setup. Errors are worded by the wizard (with setup-specific fallback texts). */
export function useSetup() {
  return useMutation({ mutationFn: submitSetup, meta: { silent: true } });
}
