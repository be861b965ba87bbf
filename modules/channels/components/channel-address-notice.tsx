"use client";

// Which rule root has set for channel addresses. While private and loopback addresses are allowed, a
// warning: every admin can then point a channel (and the console's model and balance fetches) at
// this host or the internal network (review 3 N10), so it should be on only for self-hosted upstreams.
import { useTranslations } from "next-intl";
import { Banner } from "@/components/ui/card";

export function ChannelAddressNotice({ privateAllowed }: { privateAllowed: boolean }) {
  const t = useTranslations("channels");
  if (privateAllowed)
    return (
      <Banner tone="warning" className="mb-3" data-testid="channel-address-policy" data-private-allowed="true">
        {t("private_address_allowed")}
      </Banner>
    );
  return (
    <p className="text-muted-foreground mb-3 text-xs" data-testid="channel-address-policy">
      {t("private_address_blocked")}
    </p>
  );
}
