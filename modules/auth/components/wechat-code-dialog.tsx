"use client";

// The WeChat step shared by sign-in and binding: the official account's QR code (status
// wechat_qrcode), then the code it replied with. Validated with the shared schema before sending.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useSite } from "@/components/providers/site-context";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { TextField } from "@/components/ui/text-field";
import { useIssueText } from "@/lib/client/form-issues";
import { weChatCodeSchema } from "@/modules/auth/schemas/im-auth";

export function WeChatCodeDialog({
  open,
  onOpenChange,
  mode,
  loading,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: "login" | "bind";
  loading: boolean;
  onSubmit: (code: string) => void;
}) {
  const t = useTranslations("im_auth.wechat");
  const tc = useTranslations("common");
  const issueText = useIssueText();
  const { status } = useSite();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const parsed = weChatCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(issueText(parsed.error.issues[0]!.message));
      return;
    }
    setError(null);
    onSubmit(parsed.data);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setCode("");
          setError(null);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent
        title={mode === "login" ? t("login_title") : t("bind_title")}
        description={t("scan_hint")}
        closeLabel={tc("close")}
        footer={
          <DialogActions
            onCancel={() => onOpenChange(false)}
            onSubmit={submit}
            submitLabel={mode === "login" ? t("login_submit") : t("bind_submit")}
            loading={loading}
            submitTestId="wechat-code-submit"
          />
        }
      >
        <form
          noValidate
          className="flex flex-col items-center gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
          data-testid="wechat-dialog"
        >
          {status.wechat_qrcode ? (
            // eslint-disable-next-line @next/next/no-img-element -- an admin-configured external image
            <img
              src={status.wechat_qrcode}
              alt={t("qr_alt")}
              width={200}
              height={200}
              className="h-48 w-48 rounded-md border border-border bg-white object-contain p-2"
              data-testid="wechat-qrcode"
            />
          ) : (
            <p className="text-sm text-muted" data-testid="wechat-qrcode-missing">
              {t("qr_missing")}
            </p>
          )}
          <div className="w-full">
            <TextField
              id="wechat-code"
              label={t("code_label")}
              placeholder={t("code_placeholder")}
              value={code}
              autoComplete="one-time-code"
              error={error}
              onChange={(e) => {
                setCode(e.target.value);
                setError(null);
              }}
            />
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
