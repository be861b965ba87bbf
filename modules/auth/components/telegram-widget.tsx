"use client";

// Telegram's official login widget (core.telegram.org/widgets/login): its script draws the
// "Log in with Telegram" button in an iframe and, after the user confirms, calls our data-onauth
// callback with the signed user fields. Shared by sign-in and binding.
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import type { TelegramWidgetUser } from "@/modules/auth/schemas/im-auth";

export const TELEGRAM_WIDGET_SCRIPT = "https://telegram.org/js/telegram-widget.js?22";

type Callbacks = Record<string, ((user: TelegramWidgetUser) => void) | undefined>;

export function TelegramWidget({
  botName,
  onAuth,
  "data-testid": testId,
}: {
  botName: string;
  onAuth: (user: TelegramWidgetUser) => void;
  "data-testid"?: string;
}) {
  const t = useTranslations("im_auth.telegram");
  const host = useRef<HTMLDivElement>(null);
  const onAuthRef = useRef(onAuth);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  // the widget evaluates data-onauth as code in the page: a global, unique per mounted widget
  const callbackName = `__telegramAuth_${useId().replace(/[^a-zA-Z0-9]/g, "")}`;

  useEffect(() => {
    onAuthRef.current = onAuth;
  }, [onAuth]);

  useEffect(() => {
    const el = host.current;
    if (!el || !botName) return;
    const callbacks = window as unknown as Callbacks;
    callbacks[callbackName] = (user) => onAuthRef.current(user);
    const script = document.createElement("script");
    script.src = TELEGRAM_WIDGET_SCRIPT;
    script.async = true;
    script.setAttribute("data-telegram-login", botName);
    script.setAttribute("data-size", "large");
    script.setAttribute("data-userpic", "false");
    script.setAttribute("data-onauth", `window.${callbackName}(user)`);
    script.onload = () => setState("ready");
    script.onerror = () => setState("failed");
    el.appendChild(script);
    return () => {
      delete callbacks[callbackName];
      el.replaceChildren();
      setState("loading");
    };
  }, [botName, callbackName]);

  return (
    <div className="flex min-h-10 flex-col items-center justify-center gap-1" data-testid={testId}>
      <div ref={host} className="flex justify-center" />
      {state === "loading" ? <p className="text-xs text-muted">{t("loading")}</p> : null}
      {state === "failed" ? (
        <p className="text-xs text-danger" role="status">
          {t("load_failed")}
        </p>
      ) : null}
    </div>
  );
}
