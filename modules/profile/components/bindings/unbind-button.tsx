"use client";

// "Unbind" on a bound sign-in row of /app/me, with a confirmation. The server refuses to remove an
// account's only way in (no password and no other binding) and says so.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useUnbindIdentity } from "@/modules/profile/client/use-account-actions";
import type { UnbindableProvider } from "@/modules/profile/schemas/unbind";

export function UnbindButton({ provider, label }: { provider: UnbindableProvider; label: string }) {
  const t = useTranslations("me");
  const unbind = useUnbindIdentity();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        className="shrink-0"
        onClick={() => setOpen(true)}
        data-testid={`me-unbind-${provider}`}
      >
        {t("unbind")}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t("unbind_title", { provider: label })}
        description={t("unbind_description", { provider: label })}
        confirmLabel={t("unbind")}
        danger
        loading={unbind.isPending}
        onConfirm={() =>
          unbind.mutate(provider, {
            onSuccess: (message) => {
              toast.success(message);
              setOpen(false);
            },
          })
        }
        data-testid={`me-unbind-${provider}-dialog`}
      />
    </>
  );
}
