"use client";

// The centred card every pre-login screen sits in: site brand on top, the card, then a footer
// line (links to the sibling screens).
import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { Card } from "@/components/ui/card";
import { useSite } from "@/components/providers/site-context";
import { cn } from "@/lib/client/cn";

export function AuthShell({
  title,
  subtitle,
  footer,
  wide,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  footer?: ReactNode;
  /** The setup wizard has more to show than the sign-in forms. */
  wide?: boolean;
  children: ReactNode;
}) {
  const t = useTranslations("auth");
  const { status } = useSite();
  const name = status.system_name || t("brand_fallback");
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-background px-4 py-10">
      <div className={cn("w-full", wide ? "max-w-xl" : "max-w-md")}>
        <div className="mb-6 flex items-center justify-center gap-2.5">
          {status.logo ? (
            // The logo is an arbitrary admin-provided URL, so next/image's allow-list does not apply.
            // eslint-disable-next-line @next/next/no-img-element
            <img src={status.logo} alt="" className="h-9 w-9 rounded-lg object-contain" />
          ) : (
            <span
              aria-hidden
              className="flex h-9 w-9 items-center justify-center rounded-lg bg-primary text-base font-semibold text-primary-foreground"
            >
              {name.slice(0, 1).toUpperCase()}
            </span>
          )}
          <span className="text-lg font-semibold tracking-tight">{name}</span>
        </div>
        <Card className="p-5 sm:p-8">
          <header className="mb-6 space-y-1.5 text-center">
            <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
            {subtitle ? <p className="text-sm text-muted">{subtitle}</p> : null}
          </header>
          {children}
        </Card>
        {footer ? (
          <div className="mt-5 flex flex-wrap items-center justify-center gap-x-4 gap-y-2 text-sm text-muted">
            {footer}
          </div>
        ) : null}
      </div>
    </main>
  );
}

/** A form-level error (not tied to one input), announced to screen readers. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
      {children}
    </p>
  );
}
