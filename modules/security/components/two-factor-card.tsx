"use client";

// Two-factor sign-in in the security section: its state, set-up, turning off, new backup codes.
import { ShieldCheck } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { useTwoFactorMutations, useTwoFactorStatus } from "@/modules/security/client/hooks";
import { BackupCodes } from "@/modules/security/components/backup-codes";
import { CodeDialog } from "@/modules/security/components/code-dialog";
import { TwoFactorSetupDialog } from "@/modules/security/components/two-factor-setup-dialog";

type Open = "setup" | "disable" | "regenerate" | null;

export function TwoFactorCard({ accountName }: { accountName: string }) {
  const t = useTranslations("security");
  const tc = useTranslations("common");
  const status = useTwoFactorStatus();
  const { disable, regenerate } = useTwoFactorMutations();
  const [open, setOpen] = useState<Open>(null);
  const enabled = status.data?.enabled ?? false;
  const setOpenFor = (which: Open) => (value: boolean) => setOpen(value ? which : null);
  return (
    <section className="flex flex-col gap-2 py-3" data-testid="twofa-card" aria-busy={status.isPending}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-start gap-3">
          <ShieldCheck className="mt-0.5 h-4 w-4 text-muted" aria-hidden />
          <div className="min-w-0">
            <h3 className="flex items-center gap-2 text-sm font-medium">
              {t("twofa_title")}
              {status.data ? (
                <Badge tone={enabled ? "success" : "neutral"} data-testid="twofa-state">
                  {enabled ? t("state_on") : t("state_off")}
                </Badge>
              ) : null}
            </h3>
            <p className="text-sm text-muted">{enabled ? t("twofa_on") : t("twofa_off")}</p>
            {enabled && status.data?.backup_codes_remaining !== undefined ? (
              <p className="text-sm text-muted">
                {t("twofa_backup_left", { count: status.data.backup_codes_remaining })}
              </p>
            ) : null}
            {status.data?.locked ? <p className="text-sm text-danger">{t("twofa_locked")}</p> : null}
          </div>
        </div>
        <div className="flex shrink-0 gap-2">
          {enabled ? (
            <>
              <Button
                variant="outline"
                size="sm"
                onClick={() => setOpen("regenerate")}
                data-testid="twofa-regenerate-open"
              >
                {t("twofa_regenerate")}
              </Button>
              <Button variant="danger" size="sm" onClick={() => setOpen("disable")} data-testid="twofa-disable-open">
                {t("twofa_disable")}
              </Button>
            </>
          ) : (
            <Button size="sm" onClick={() => setOpen("setup")} disabled={!status.data} data-testid="twofa-setup-open">
              {t("twofa_enable")}
            </Button>
          )}
        </div>
      </div>
      <TwoFactorSetupDialog open={open === "setup"} onOpenChange={setOpenFor("setup")} accountName={accountName} />
      <CodeDialog
        open={open === "disable"}
        onOpenChange={setOpenFor("disable")}
        title={t("disable_title")}
        description={t("disable_description")}
        placeholder={t("code_placeholder")}
        submitLabel={t("twofa_disable")}
        danger
        loading={disable.isPending}
        onSubmit={(code, close) => disable.mutate(code, { onSuccess: close })}
        testId="twofa-disable"
      />
      <CodeDialog
        open={open === "regenerate"}
        onOpenChange={setOpenFor("regenerate")}
        title={t("regenerate_title")}
        description={t("regenerate_description")}
        placeholder={t("totp_placeholder")}
        submitLabel={t("twofa_regenerate")}
        loading={regenerate.isPending}
        onSubmit={(code, close) => regenerate.mutate(code, { onSuccess: close })}
        testId="twofa-regenerate"
      />
      <Dialog open={!!regenerate.data} onOpenChange={(value) => !value && regenerate.reset()}>
        <DialogContent
          title={t("backup_title")}
          description={t("setup_backup")}
          closeLabel={tc("close")}
          footer={<Button onClick={() => regenerate.reset()}>{t("done")}</Button>}
        >
          <BackupCodes codes={regenerate.data?.backup_codes ?? []} accountName={accountName} />
        </DialogContent>
      </Dialog>
    </section>
  );
}
