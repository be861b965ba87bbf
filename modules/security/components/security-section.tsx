"use client";

// The "Security" section of personal settings: two-factor sign-in, passkeys, signed-in sessions.
import { useTranslations } from "next-intl";
import { Card } from "@/components/ui/card";
import { SessionsCard } from "@/modules/security/components/sessions-card";
import { TwoFactorCard } from "@/modules/security/components/two-factor-card";
import { PasskeysCard } from "@/modules/security/components/passkeys-card";

export function SecuritySection({ accountName }: { accountName: string }) {
  const t = useTranslations("security");
  return (
    <Card className="flex flex-col gap-1 p-4 sm:p-5" data-testid="security-section">
      <h2 className="font-semibold">{t("section_title")}</h2>
      <p className="text-sm text-muted">{t("section_description")}</p>
      <div className="mt-1 divide-y divide-border">
        <TwoFactorCard accountName={accountName} />
        <PasskeysCard />
        <SessionsCard />
      </div>
    </Card>
  );
}
