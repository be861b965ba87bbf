// /channel/edit/{id}: the channel list with the edit drawer of channel {id} open.
import { notFound } from "next/navigation";
import { ChannelsPage, channelsMetadata } from "@/modules/channels/components/channels-page.server";

export const generateMetadata = channelsMetadata;

export default async function EditChannelPage({ params }: { params: Promise<{ id: string }> }) {
  const id = Number((await params).id);
  if (!Number.isInteger(id) || id <= 0) notFound();
  return <ChannelsPage initialDrawer={{ mode: "edit", id }} />;
}
