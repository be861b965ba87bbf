import type { Metadata } from "next";
import { GeistMono } from "geist/font/mono";
import { GeistSans } from "geist/font/sans";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages } from "next-intl/server";
import type { ReactNode } from "react";
import { AppShell } from "@/components/layout/app-shell";
import { AppProviders } from "@/components/providers/app-providers";
import { SiteProvider } from "@/components/providers/site-context";
import { getPageUser } from "@/lib/server/auth/page-user";
import { toSessionUserDto } from "@/modules/users/server/dto";
import { getOption } from "@/lib/server/options/store";
import { getStatus } from "@/lib/server/site-status";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const name = await getOption("SystemName").catch(() => "New API");
  return { title: { default: name, template: `%s | ${name}` } };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = await getLocale();
  const messages = await getMessages();
  const [status, user] = await Promise.all([getStatus(), getPageUser()]);
  return (
    <html
      lang={locale === "zh" ? "zh-CN" : "en"}
      suppressHydrationWarning
      className={`${GeistSans.variable} ${GeistMono.variable}`}
    >
      <body className="min-h-screen">
        <NextIntlClientProvider locale={locale} messages={messages}>
          <AppProviders>
            <SiteProvider value={{ status, user: user ? toSessionUserDto(user) : null }}>
              <AppShell>{children}</AppShell>
            </SiteProvider>
          </AppProviders>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
