// The server shell shared by /admin/channels, /channel/add and /channel/edit/{id}.
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/layout/page-container";
import { ChannelAddressNotice } from "@/modules/channels/components/channel-address-notice";
import { ChannelsPageClient } from "@/modules/channels/components/channels-page-client";
import type { DrawerState } from "@/modules/channels/components/channel-drawer";
import { channelPrivateAllowed } from "@/lib/server/net/channel-address";
import { getOptions } from "@/lib/server/options/store";

export async function ChannelsPage({ initialDrawer = null }: { initialDrawer?: DrawerState }) {
  const t = await getTranslations("channels");
  // Root decides whether base URLs may point inside the network; admins see which rule is in force.
  const privateAllowed = channelPrivateAllowed(await getOptions());
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <ChannelAddressNotice privateAllowed={privateAllowed} />
      <ChannelsPageClient initialDrawer={initialDrawer} />
    </>
  );
}

export async function channelsMetadata() {
  const t = await getTranslations("channels");
  return { title: t("title") };
}
