import { useMutation } from "@tanstack/react-query";
import { sendVerificationCode } from "@/lib/client/auth/api";

/** GET /api/verification?email=…: mails a registration code. Failures are toasted globally. */
export function useSendVerificationCode() {
  return useMutation({ mutationFn: sendVerificationCode });
}
