// /app/wallet/topup-success: where the payment gateway sends the browser back
// (the return_url of every order); buttons back to the wallet and home. The credit itself arrives
// by the gateway's server notice, so the page does not claim more than that. Guarded by app/app/layout.tsx.
import { CheckCircle2 } from "lucide-react";
import type { Metadata } from "next";
import { AppLink } from "@/components/ui/app-link";
import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("wallet");
  return { title: t("success_title") };
}

export default async function TopupSuccessPage() {
  const t = await getTranslations("wallet");
  return (
    <div className="flex justify-center py-6 sm:py-12">
      <Card className="flex w-full max-w-md flex-col items-center gap-4 text-center" data-testid="topup-success">
        <span className="rounded-full bg-success/10 p-3 text-success">
          <CheckCircle2 className="h-10 w-10" aria-hidden />
        </span>
        <div className="flex flex-col gap-2">
          <h1 className="text-xl font-semibold tracking-tight">{t("success_title")}</h1>
          <p className="text-sm text-muted">{t("success_description")}</p>
        </div>
        <div className="flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
          <Button asChild data-testid="topup-success-wallet">
            <AppLink href="/app/wallet">{t("back_to_wallet")}</AppLink>
          </Button>
          <Button asChild variant="outline" data-testid="topup-success-home">
            <AppLink href="/">{t("back_home")}</AppLink>
          </Button>
        </div>
      </Card>
    </div>
  );
}
