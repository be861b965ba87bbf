"use client";

// "Sign in with a passkey" on the login screen (no name asked) and as the second step's alternative.
import { Fingerprint } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import type { StoredUser } from "@/lib/client/storage";
import { signInWithPasskey } from "@/modules/security/client/passkey-api";

export function PasskeySignIn({ onSignedIn }: { onSignedIn: (user: StoredUser) => void }) {
  const t = useTranslations("security");
  const signIn = useMutation({ mutationFn: signInWithPasskey, onSuccess: onSignedIn });
  return (
    <Button
      type="button"
      variant="outline"
      size="lg"
      className="w-full"
      loading={signIn.isPending}
      onClick={() => signIn.mutate()}
      data-testid="login-passkey"
    >
      <Fingerprint className="h-4 w-4" aria-hidden />
      {t("passkey_sign_in")}
    </Button>
  );
}
