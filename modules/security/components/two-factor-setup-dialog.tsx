"use client";

// The set-up wizard: POST /api/user/2fa/setup on opening, then the QR code (drawn here from the
// otpauth:// URI, nothing sent elsewhere), the secret to type by hand, the backup codes (shown once)
// and the first code, which turns two-factor on.
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";
import { renderSVG } from "uqr";
import { FormDialogContent, FreshDialog } from "@/components/ui/form-dialog";
import { TextField } from "@/components/ui/text-field";
import { useTwoFactorMutations } from "@/modules/security/client/hooks";
import { BackupCodes } from "@/modules/security/components/backup-codes";

function SetupForm({ close, accountName }: { close: () => void; accountName: string }) {
  const t = useTranslations("security");
  const { setup, enable } = useTwoFactorMutations();
  const [code, setCode] = useState("");
  const { mutate: start } = setup;
  useEffect(() => start(), [start]);
  const data = setup.data;
  const qr = useMemo(
    () => (data ? `data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(data.qr_code_data))}` : null),
    [data],
  );
  const submit = () => {
    if (!code.trim()) return;
    enable.mutate(code.trim(), { onSuccess: close });
  };
  return (
    <FormDialogContent
      title={t("setup_title")}
      onCancel={close}
      onSubmit={submit}
      submitLabel={t("setup_submit")}
      loading={setup.isPending || enable.isPending}
      submitTestId="twofa-setup-submit"
      data-testid="twofa-setup"
      formClassName="flex flex-col gap-3"
    >
      {data && qr ? (
        <>
          <p className="text-sm">{t("setup_scan")}</p>
          {/* eslint-disable-next-line @next/next/no-img-element -- a data: URI drawn here, nothing to optimise */}
          <img src={qr} alt={t("setup_qr_alt")} className="h-44 w-44 self-center bg-white p-2" data-testid="twofa-qr" />
          <p className="text-sm">
            {t("setup_secret")}{" "}
            <code className="font-mono break-all" data-testid="twofa-secret">
              {data.secret}
            </code>
          </p>
          <p className="text-sm">{t("setup_backup")}</p>
          <BackupCodes codes={data.backup_codes} accountName={accountName} />
          <TextField
            id="twofa-setup-code"
            label={t("setup_code")}
            placeholder={t("totp_placeholder")}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={32}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        </>
      ) : (
        <div className="h-44 animate-pulse rounded-md bg-surface-muted" aria-busy />
      )}
    </FormDialogContent>
  );
}

export function TwoFactorSetupDialog({
  open,
  onOpenChange,
  accountName,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  accountName: string;
}) {
  return (
    <FreshDialog open={open} onOpenChange={onOpenChange}>
      {(close) => <SetupForm close={close} accountName={accountName} />}
    </FreshDialog>
  );
}
