import { useMutation } from "@tanstack/react-query";
import { sendVerificationCode } from "@/modules/auth/client/api";

/** GET /api/verification?email&turnstile: mails a code (register, bind). Failures are toasted globally. */
export function useSendVerificationCode() {
  return useMutation({
    mutationFn: ({ email, turnstile }: { email: string; turnstile?: string }) => sendVerificationCode(email, turnstile),
  });
}
