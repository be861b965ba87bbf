"use client";

// The wallet: balance cards and code redemption. Online top-up and subscription plans are a later
// issue; they slot in beside the redeem card.
import { Gift } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { BalanceCards } from "@/components/wallet/balance-cards";
import { RedeemDialog } from "@/components/wallet/redeem-dialog";

export function WalletPageClient({ initialCode }: { initialCode: string }) {
  const t = useTranslations("coupons.wallet");
  const [redeemOpen, setRedeemOpen] = useState(initialCode !== "");
  return (
    <div className="flex flex-col gap-4">
      <BalanceCards />
      <Card
        className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between"
        data-testid="redeem-card"
      >
        <div className="flex items-start gap-3">
          <span className="rounded-md bg-primary/10 p-2 text-primary">
            <Gift className="h-5 w-5" aria-hidden />
          </span>
          <div>
            <h2 className="font-semibold">{t("redeem_title")}</h2>
            <p className="text-sm text-muted">{t("redeem_description")}</p>
          </div>
        </div>
        <Button onClick={() => setRedeemOpen(true)} data-testid="redeem-open">
          {t("redeem_button")}
        </Button>
      </Card>
      <RedeemDialog open={redeemOpen} onOpenChange={setRedeemOpen} initialCode={initialCode} />
    </div>
  );
}
