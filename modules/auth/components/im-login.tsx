"use client";

// WeChat (QR code + code) and Telegram (login widget) sign-in, each shown when /api/status enables
// it. Success does what password login does: store the user, then a full navigation to returnTo
// (or /app/tokens) so the server renders with the new session.
import { MessageCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { TelegramWidget } from "@/modules/auth/components/telegram-widget";
import { WeChatCodeDialog } from "@/modules/auth/components/wechat-code-dialog";
import { useSite } from "@/components/providers/site-context";
import { Button } from "@/components/ui/button";
import { safeReturnTo } from "@/modules/auth/client/safe-return-to";
import { useTelegramLogin, useWeChatLogin } from "@/modules/auth/client/im-auth/hooks";
import { hardNavigate } from "@/lib/client/navigate";
import { setStoredUser, type StoredUser } from "@/lib/client/storage";

function useSignedIn() {
  const t = useTranslations("im_auth");
  return (user: StoredUser) => {
    setStoredUser(user);
    toast.success(t("login_success"));
    const returnTo = new URLSearchParams(window.location.search).get("returnTo") ?? undefined;
    hardNavigate(safeReturnTo(returnTo));
  };
}

function WeChatLogin() {
  const t = useTranslations("im_auth.wechat");
  const login = useWeChatLogin();
  const signedIn = useSignedIn();
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  return (
    <>
      <Button variant="outline" className="w-full" onClick={() => setOpen(true)} data-testid="wechat-login-button">
        <MessageCircle className="h-4 w-4 text-[#07C160]" aria-hidden />
        {t("login_button")}
      </Button>
      <WeChatCodeDialog
        open={open}
        onOpenChange={setOpen}
        mode="login"
        loading={login.isPending || leaving}
        onSubmit={(code) =>
          login.mutate(code, {
            onSuccess: (user) => {
              setLeaving(true);
              signedIn(user);
            },
          })
        }
      />
    </>
  );
}

function TelegramLogin({ botName }: { botName: string }) {
  const login = useTelegramLogin();
  const signedIn = useSignedIn();
  return (
    <TelegramWidget
      botName={botName}
      data-testid="telegram-login"
      onAuth={(user) => {
        if (!login.isPending) login.mutate(user, { onSuccess: signedIn });
      }}
    />
  );
}

export function ImLogin() {
  const { status } = useSite();
  const telegram = status.telegram_oauth && status.telegram_bot_name;
  if (!status.wechat_login && !telegram) return null;
  return (
    <div className="flex flex-col gap-3" data-testid="im-login">
      {status.wechat_login ? <WeChatLogin /> : null}
      {telegram ? <TelegramLogin botName={status.telegram_bot_name} /> : null}
    </div>
  );
}
