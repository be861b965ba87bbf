"use client";

import { Check, Copy } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState, useSyncExternalStore } from "react";
import { toast } from "sonner";
import { copyText } from "@/lib/client/copy-text";

const noopSubscribe = () => () => {};

/**
 * The address to give an OpenAI SDK: the browser's own origin, which stays right behind proxies that
 * hide the public host from the server (the server's guess is only used for the first paint).
 */
export function BaseUrlCard({ requestOrigin }: { requestOrigin: string }) {
  const t = useTranslations("home");
  const [copied, setCopied] = useState(false);
  const origin = useSyncExternalStore(
    noopSubscribe,
    () => window.location.origin,
    () => requestOrigin,
  );
  const baseUrl = `${origin.replace(/\/+$/, "")}/v1`;

  const copy = async () => {
    if (await copyText(baseUrl)) {
      setCopied(true);
      toast.success(t("copied"));
      window.setTimeout(() => setCopied(false), 1500);
    } else {
      toast.error(t("copy_failed"));
    }
  };

  return (
    <div className="w-full max-w-xl rounded-xl border border-border bg-surface p-1.5 shadow-sm">
      <div className="flex items-center gap-2">
        <span className="hidden shrink-0 rounded-md bg-surface-muted px-2.5 py-1.5 text-xs font-medium text-muted min-[420px]:inline">
          {t("base_url_label")}
        </span>
        <code data-testid="base-url" className="min-w-0 flex-1 truncate px-1 text-left font-mono text-sm">
          {baseUrl}
        </code>
        <button
          type="button"
          onClick={() => void copy()}
          aria-label={t("copy_base_url")}
          title={t("copy_base_url")}
          className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-md text-muted transition-colors hover:bg-surface-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {copied ? <Check className="h-4 w-4 text-success" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
        </button>
      </div>
    </div>
  );
}
