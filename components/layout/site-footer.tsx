"use client";

import { useTranslations } from "next-intl";
import { useSyncExternalStore } from "react";

const POWERED_BY = ["powered_by_gateway", "powered_by_relay", "powered_by_open"] as const;

// Picked once per page load on the client; the server and the hydration pass use the first entry.
const pickedPoweredBy = POWERED_BY[Math.floor(Math.random() * POWERED_BY.length)] ?? POWERED_BY[0];
const noopSubscribe = () => () => {};

/**
 * The admin's footer HTML, sanitized by the server (the status' footer_html), else a default line.
 * new-api's console re-reads localStorage "footer_html" five times at 200 ms after load and renders it; here
 * the footer renders only the status it is given (review 3 L9): whatever can write localStorage
 * (another script of the origin, an extension, a shared profile) must not be able to put HTML into
 * every console page, and the stored copy is only ever this same status (use-persist-status.ts).
 */
export function SiteFooter({ footerHtml, systemName }: { footerHtml: string; systemName: string }) {
  const t = useTranslations("shell.footer");
  const poweredBy = useSyncExternalStore(
    noopSubscribe,
    () => pickedPoweredBy,
    () => POWERED_BY[0],
  );

  return (
    <footer data-testid="footer" className="border-t border-border bg-surface/50">
      <div className="mx-auto flex w-full max-w-7xl flex-col items-center gap-2 px-4 py-5 text-center text-xs text-muted sm:flex-row sm:justify-between sm:text-left">
        {footerHtml ? (
          <div
            className="custom-footer min-w-0 [&_a]:text-primary [&_a]:hover:underline"
            dangerouslySetInnerHTML={{ __html: footerHtml }}
          />
        ) : (
          <p suppressHydrationWarning>{t("default", { year: new Date().getFullYear(), name: systemName })}</p>
        )}
        <span
          data-testid="powered-by"
          className="inline-flex items-center gap-1.5 rounded-full border border-border px-2.5 py-1 whitespace-nowrap"
        >
          <span className="h-1.5 w-1.5 rounded-full bg-primary" aria-hidden />
          {t(poweredBy)}
        </span>
      </div>
    </footer>
  );
}
