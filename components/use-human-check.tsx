"use client";

// The client half of the human check: a screen renders `widget` and sends `token` as the
// `turnstile` query parameter; `ready` is false while the check has not produced a token (submit
// then shows 请稍后几秒重试，Turnstile 正在检查用户环境！). `reset()` asks for a fresh token after
// a use (a Turnstile token is single-use).
//
// Cloudflare's script in explicit-render mode, loaded once per page and only when /api/status says
// turnstile_check. No npm wrapper (@marsidev/react-turnstile would do the same in a dependency);
// rendering into a callback ref also works inside dialogs that mount their content late.
import { useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useSite } from "@/components/providers/site-context";

export type HumanCheck = { token: string; ready: boolean; widget: ReactNode; reset: () => void };

type TurnstileApi = {
  render: (el: HTMLElement, options: Record<string, unknown>) => string | undefined;
  reset: (widgetId: string) => void;
  remove: (widgetId: string) => void;
};

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

export const TURNSTILE_SCRIPT = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";
let loading: Promise<TurnstileApi> | null = null;

/** Cloudflare's script, added once; a failed load can be retried by the next widget. */
function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = TURNSTILE_SCRIPT;
    script.async = true;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error("turnstile missing")));
    script.onerror = () => {
      script.remove();
      reject(new Error("turnstile script failed to load"));
    };
    document.head.appendChild(script);
  }).catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

export function useHumanCheck(): HumanCheck {
  const t = useTranslations("im_auth.human_check");
  const locale = useLocale();
  const { status } = useSite();
  const siteKey = status.turnstile_site_key;
  const enabled = status.turnstile_check && !!siteKey;
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const [token, setToken] = useState("");
  const [phase, setPhase] = useState<"loading" | "shown" | "failed">("loading");
  const widgetId = useRef<string | null>(null);

  useEffect(() => {
    if (!enabled || !container) return;
    let cancelled = false;
    loadTurnstile()
      .then((api) => {
        if (cancelled) return;
        setPhase("shown");
        widgetId.current =
          api.render(container, {
            sitekey: siteKey,
            language: locale === "zh" ? "zh-cn" : "en",
            theme: "auto",
            callback: (value: string) => setToken(value),
            "expired-callback": () => setToken(""),
            "error-callback": () => setToken(""),
          }) ?? null;
      })
      .catch(() => {
        if (!cancelled) setPhase("failed");
      });
    return () => {
      cancelled = true;
      if (widgetId.current) window.turnstile?.remove(widgetId.current);
      widgetId.current = null;
      setToken("");
    };
  }, [enabled, container, siteKey, locale]);

  const reset = useCallback(() => {
    setToken("");
    if (widgetId.current) window.turnstile?.reset(widgetId.current);
  }, []);

  const widget = enabled ? (
    <div className="flex min-h-[65px] flex-col items-center justify-center gap-1" data-testid="turnstile-widget">
      <div ref={setContainer} />
      {phase === "loading" ? <p className="text-xs text-muted">{t("loading")}</p> : null}
      {phase === "failed" ? (
        <p className="text-xs text-danger" role="status" data-testid="turnstile-load-failed">
          {t("load_failed")}
        </p>
      ) : null}
    </div>
  ) : null;

  return { token: enabled ? token : "", ready: !enabled || token !== "", widget, reset };
}
