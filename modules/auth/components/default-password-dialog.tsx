"use client";

// Shown after a login with the factory root password: change it now, or continue.
import { TriangleAlert } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { hardNavigate } from "@/lib/client/navigate";

export const CHANGE_PASSWORD_PATH = "/app/me";

export function DefaultPasswordDialog({ open, onContinue }: { open: boolean; onContinue: () => void }) {
  const t = useTranslations("auth.login");
  const tCommon = useTranslations("common");
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onContinue())}>
      <DialogContent
        title={
          <span className="flex items-center gap-2">
            <TriangleAlert className="h-5 w-5 text-warning" aria-hidden />
            {t("default_password_title")}
          </span>
        }
        description={t("default_password_body")}
        closeLabel={tCommon("close")}
        footer={
          <>
            <Button type="button" variant="outline" onClick={onContinue} data-testid="login-default-password-continue">
              {t("default_password_continue")}
            </Button>
            <Button
              type="button"
              onClick={() => hardNavigate(CHANGE_PASSWORD_PATH)}
              data-testid="login-default-password-change"
            >
              {t("default_password_change")}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
