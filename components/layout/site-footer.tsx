"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState, useSyncExternalStore } from "react";
import { getStoredValue } from "@/lib/client/storage";

const POWERED_BY = ["powered_by_gateway", "powered_by_relay", "powered_by_open"] as const;
const FOOTER_REREAD_TIMES = 5;
const FOOTER_REREAD_MS = 200;

// Picked once per page load on the client; the server and the hydration pass use the first entry.
const pickedPoweredBy = POWERED_BY[Math.floor(Math.random() * POWERED_BY.length)] ?? POWERED_BY[0];
const noopSubscribe = () => () => {};

/**
 * The admin's footer HTML (already sanitized by the server), else a default line. Spec 1 §2 re-reads
 * localStorage "footer_html" five times at 200 ms, so a footer saved in settings shows up without a reload.
 */
export function SiteFooter({ footerHtml, systemName }: { footerHtml: string; systemName: string }) {
  const t = useTranslations("shell.footer");
  const [html, setHtml] = useState(footerHtml);
  const poweredBy = useSyncExternalStore(
    noopSubscribe,
    () => pickedPoweredBy,
    () => POWERED_BY[0],
  );

  useEffect(() => {
    let reads = 0;
    const timer = window.setInterval(() => {
      reads += 1;
      const stored = getStoredValue("footer_html");
      if (stored !== null) setHtml(stored);
      if (reads >= FOOTER_REREAD_TIMES) window.clearInterval(timer);
    }, FOOTER_REREAD_MS);
    return () => window.clearInterval(timer);
  }, []);

  return (
    <footer data-testid="footer" className="border-t border-border bg-surface/50">
      <div className="mx-auto flex w-full max-w-7xl flex-col items-center gap-2 px-4 py-5 text-center text-xs text-muted sm:flex-row sm:justify-between sm:text-left">
        {html ? (
          <div
            className="custom-footer min-w-0 [&_a]:text-primary [&_a]:hover:underline"
            dangerouslySetInnerHTML={{ __html: html }}
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
