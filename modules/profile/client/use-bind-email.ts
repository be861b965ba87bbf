import { useMutation, useQueryClient } from "@tanstack/react-query";
import { accountKeys } from "@/modules/profile/client/keys";
import { bindEmail } from "@/modules/auth/client";

/** GET /api/oauth/email/bind; the own account (GET /api/user/self) is re-read afterwards. */
export function useBindEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: bindEmail,
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.self() }),
  });
}
