"use client";

// Bind a WeChat account (code from the WeChat server's QR code) or a Telegram account (login widget)
// to the signed-in user, from its row in /app/me. A bound row offers to change the binding (the new
// id replaces the old one) or to unbind it. Shown only when the provider is enabled (the row itself is hidden
// otherwise). Ids bound to another account are refused by the server (该微信账号已被绑定 …).
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { TelegramWidget } from "@/modules/auth/client";
import { WeChatCodeDialog } from "@/modules/auth/client";
import { useSite } from "@/components/providers/site-context";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { useTelegramBind, useWeChatBind } from "@/modules/auth/client";
import { UnbindButton } from "@/modules/profile/components/bindings/unbind-button";

function BindButton({ bound, provider, onClick }: { bound: boolean; provider: string; onClick: () => void }) {
  const t = useTranslations("im_auth.binding");
  return (
    <Button size="sm" variant="outline" className="shrink-0" onClick={onClick} data-testid={`me-bind-${provider}`}>
      {bound ? t("rebind") : t("bind")}
    </Button>
  );
}

function WeChatBinding({ bound }: { bound: boolean }) {
  const t = useTranslations("im_auth");
  const bind = useWeChatBind();
  const [open, setOpen] = useState(false);
  return (
    <>
      <BindButton bound={bound} provider="wechat" onClick={() => setOpen(true)} />
      <WeChatCodeDialog
        open={open}
        onOpenChange={setOpen}
        mode="bind"
        loading={bind.isPending}
        onSubmit={(code) =>
          bind.mutate(code, {
            onSuccess: (message) => {
              toast.success(message || t("bind_success"));
              setOpen(false);
            },
          })
        }
      />
    </>
  );
}

function TelegramBinding({ bound, botName }: { bound: boolean; botName: string }) {
  const t = useTranslations("im_auth");
  const tc = useTranslations("common");
  const bind = useTelegramBind();
  const [open, setOpen] = useState(false);
  return (
    <>
      <BindButton bound={bound} provider="telegram" onClick={() => setOpen(true)} />
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent title={t("telegram.bind_title")} description={t("telegram.bind_hint")} closeLabel={tc("close")}>
          <TelegramWidget
            botName={botName}
            data-testid="telegram-bind-widget"
            onAuth={(user) => {
              if (bind.isPending) return;
              bind.mutate(user, {
                onSuccess: (message) => {
                  toast.success(message || t("bind_success"));
                  setOpen(false);
                },
              });
            }}
          />
        </DialogContent>
      </Dialog>
    </>
  );
}

const LABEL = { wechat: "WeChat", telegram: "Telegram" } as const;

export function ImBinding({ provider, bound }: { provider: "wechat" | "telegram"; bound: boolean }) {
  const { status } = useSite();
  const enabled = provider === "wechat" ? status.wechat_login : status.telegram_oauth && !!status.telegram_bot_name;
  // a bound identity can always be detached, even after the admin turned its sign-in off
  const unbind = bound ? <UnbindButton provider={provider} label={LABEL[provider]} /> : null;
  if (!enabled) return unbind;
  return (
    <>
      {provider === "wechat" ? (
        <WeChatBinding bound={bound} />
      ) : (
        <TelegramBinding bound={bound} botName={status.telegram_bot_name} />
      )}
      {unbind}
    </>
  );
}
