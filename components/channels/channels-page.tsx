// The server shell shared by /admin/channels, /channel/add and /channel/edit/{id}.
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/layout/page-container";
import { ChannelsPageClient } from "@/components/channels/channels-page-client";
import type { DrawerState } from "@/components/channels/channel-drawer";

export async function ChannelsPage({ initialDrawer = null }: { initialDrawer?: DrawerState }) {
  const t = await getTranslations("channels");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <ChannelsPageClient initialDrawer={initialDrawer} />
    </>
  );
}

export async function channelsMetadata() {
  const t = await getTranslations("channels");
  return { title: t("title") };
}
