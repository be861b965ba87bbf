// /app/wallet (titled billing and subscription): balance, subscription plans (buy with the balance)
// and the caller's subscriptions (?pay= after a plan's online payment), code redemption;
// ?code= opens the redeem dialog prefilled. Guarded by app/app/layout.tsx.
import { getTranslations } from "next-intl/server";
import { titleMetadata } from "@/components/layout/headed-page";
import { PageHeader } from "@/components/layout/page-container";
import { WalletPageClient } from "@/modules/wallet/components/wallet-page-client";
import { PlansCard } from "@/modules/subscriptions/components/plans-card";
import { OwnSubscriptionsCard, type PayResult } from "@/modules/subscriptions/components/own-subscriptions-card";
import { CurrentPlanName } from "@/modules/subscriptions/components/current-plan-name";

const PAY_RESULTS = ["success", "pending", "fail"] as const;

export const generateMetadata = titleMetadata("wallet.title");

export default async function WalletPage({
  searchParams,
}: {
  searchParams: Promise<{ code?: string | string[]; pay?: string | string[] }>;
}) {
  const t = await getTranslations("wallet");
  const { code, pay } = await searchParams;
  // ?pay= is where the plan payment's return (/api/subscription/epay/return) sends the browser
  const payResult = PAY_RESULTS.find((r) => r === pay) ?? null;
  const initialCode = (Array.isArray(code) ? code[0] : code)?.trim().slice(0, 200) ?? "";
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <div className="flex flex-col gap-4">
        <WalletPageClient initialCode={initialCode} currentPlan={<CurrentPlanName />} />
        <PlansCard />
        <OwnSubscriptionsCard payResult={payResult as PayResult} />
      </div>
    </>
  );
}
