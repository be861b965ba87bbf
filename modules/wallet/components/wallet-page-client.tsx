"use client";

// The wallet: balance cards, online top-up (dialog, or the admin's top-up link), code redemption
// (with a link to buy codes) and the caller's top-up records.
import { Gift, ShoppingCart } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { BalanceCards } from "@/modules/wallet/components/balance-cards";
import { RedeemDialog } from "@/modules/wallet/components/redeem-dialog";
import { openTopupLink, TopupCard } from "@/modules/wallet/components/topup-card";
import { TopupRecords } from "@/modules/wallet/components/topup-records";
import { useTopupInfo } from "@/modules/wallet/client/topup/use-topup-info";
import { IconHeading } from "@/components/ui/icon-heading";

export function WalletPageClient({ initialCode, currentPlan }: { initialCode: string; currentPlan?: ReactNode }) {
  const t = useTranslations("wallet");
  const tt = useTranslations("wallet");
  const info = useTopupInfo();
  const [redeemOpen, setRedeemOpen] = useState(initialCode !== "");
  const buyCode = () => {
    if (!openTopupLink(info.data?.topup_link)) toast.error(tt("link_missing"));
  };
  return (
    <div className="flex flex-col gap-4">
      <BalanceCards currentPlan={currentPlan} />
      <TopupCard />
      <Card
        className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between"
        data-testid="redeem-card"
      >
        <IconHeading icon={Gift} title={t("redeem_title")} description={t("redeem_description")} />
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={buyCode} disabled={!info.data} data-testid="topup-buy-code">
            <ShoppingCart className="h-4 w-4" aria-hidden />
            {tt("buy_code")}
          </Button>
          <Button onClick={() => setRedeemOpen(true)} data-testid="redeem-open">
            {t("redeem_button")}
          </Button>
        </div>
      </Card>
      <TopupRecords />
      <RedeemDialog open={redeemOpen} onOpenChange={setRedeemOpen} initialCode={initialCode} />
    </div>
  );
}
