"use client";

// The personal-settings overview of /app/me: who you are and your figures, daily
// check-in and invite rewards (each only when enabled on the site), available models, profile and
// bindings, account security. The settings tabs (modules/profile/components/settings) render below it.
import { useTranslations } from "next-intl";
import { AccountSummary } from "@/modules/profile/components/account-summary";
import { CheckInCard } from "@/modules/profile/components/check-in-card";
import { InviteCard } from "@/modules/profile/components/invite-card";
import { ModelTagsCard } from "@/modules/profile/components/model-tags-card";
import { ProfileCard } from "@/modules/profile/components/profile-card";
import { SecurityCard } from "@/modules/profile/components/security-card";
import { useSite } from "@/components/providers/site-context";
import { Banner, Card } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { useSelfProfile } from "@/modules/profile/client/use-self-profile";
import { SecuritySection } from "@/modules/security/client";

function LoadingCards() {
  return (
    <div className="flex flex-col gap-4" aria-busy data-testid="me-loading">
      <Card className="h-24 animate-pulse bg-surface-muted" />
      <div className="grid grid-cols-3 gap-2 sm:gap-4">
        {[0, 1, 2].map((i) => (
          <Card key={i} className="h-24 animate-pulse bg-surface-muted" />
        ))}
      </div>
    </div>
  );
}

export function MeOverview() {
  const t = useTranslations("me");
  const tc = useTranslations("common");
  const { status } = useSite();
  const self = useSelfProfile();

  if (!self.data) {
    if (self.isError)
      return (
        <Banner tone="danger" className="flex items-center justify-between gap-3" data-testid="me-error">
          <span>{t("load_failed")}</span>
          <Button variant="outline" size="sm" onClick={() => void self.refetch()}>
            {tc("retry")}
          </Button>
        </Banner>
      );
    return <LoadingCards />;
  }
  const me = self.data;
  const rewards = [status.check_in_enabled, status.aff_enabled].filter(Boolean).length;
  return (
    <div className="flex flex-col gap-4" data-testid="me-overview">
      <AccountSummary self={me} />
      {rewards > 0 ? (
        <div className={rewards === 2 ? "grid gap-4 lg:grid-cols-2" : "grid gap-4"}>
          {status.check_in_enabled ? <CheckInCard /> : null}
          {status.aff_enabled ? <InviteCard self={me} /> : null}
        </div>
      ) : null}
      <ModelTagsCard />
      <div className="grid gap-4 lg:grid-cols-2">
        <ProfileCard self={me} />
        <SecurityCard self={me} />
      </div>
      <SecuritySection accountName={me.username} />
    </div>
  );
}
