"use client";

// System access token (GET /api/user/token): asks first (the old token stops working),
// then shows the new token once, with copy and how to send it.
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { Textarea } from "@/components/ui/input";
import { useResetAccessToken } from "@/modules/profile/client/use-account-actions";
import { useCopy } from "@/components/use-copy";
import { useSecureAction } from "@/modules/security/client";

export function AccessTokenDialogs({
  userId,
  confirmOpen,
  onConfirmOpenChange,
}: {
  userId: number;
  confirmOpen: boolean;
  onConfirmOpenChange: (open: boolean) => void;
}) {
  const t = useTranslations("me");
  const tc = useTranslations("common");
  const reset = useResetAccessToken();
  const { copy, copyDialog } = useCopy();
  const secure = useSecureAction(); // a new token needs a fresh verification (issue 40)
  const token = reset.data ?? null;
  const usage = token ? `Authorization: Bearer ${token}\nNew-Api-User: ${userId}` : "";

  return (
    <>
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={onConfirmOpenChange}
        title={t("token_reset_confirm_title")}
        description={t("token_reset_confirm_description")}
        confirmLabel={t("token_reset")}
        loading={reset.isPending}
        onConfirm={() => {
          onConfirmOpenChange(false);
          void secure.guard(() => reset.mutate());
        }}
        data-testid="me-token-reset"
      />
      {secure.dialog}
      <Dialog open={token !== null} onOpenChange={(open) => !open && reset.reset()}>
        <DialogContent
          title={t("token_new_title")}
          description={t("token_new_description")}
          closeLabel={tc("close")}
          footer={
            <>
              <Button variant="outline" onClick={() => reset.reset()}>
                {tc("close")}
              </Button>
              <Button onClick={() => token && void copy(token, t("token_copied"))} data-testid="me-token-copy">
                {tc("copy")}
              </Button>
            </>
          }
        >
          <Textarea
            readOnly
            rows={2}
            value={token ?? ""}
            className="font-mono text-sm break-all"
            data-testid="me-token-value"
            onFocus={(e) => e.currentTarget.select()}
          />
          <div className="flex flex-col gap-1.5">
            <span className="text-sm font-medium">{t("token_usage")}</span>
            <pre className="overflow-x-auto rounded-md bg-surface-muted p-3 font-mono text-xs">{usage}</pre>
          </div>
        </DialogContent>
      </Dialog>
      {copyDialog}
    </>
  );
}
