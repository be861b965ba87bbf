// /admin/channels: the channel list and its tools (the admin layout guards it).
import { ChannelsPage, channelsMetadata } from "@/modules/channels/components/channels-page.server";

export const generateMetadata = channelsMetadata;

export default function AdminChannelsPage() {
  return <ChannelsPage />;
}
