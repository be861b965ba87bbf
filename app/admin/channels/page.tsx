// /admin/channels: the channel list and its tools (spec 2 §2 "Channels page"; the admin layout guards).
import { ChannelsPage, channelsMetadata } from "@/modules/channels/components/channels-page.server";

export const generateMetadata = channelsMetadata;

export default function AdminChannelsPage() {
  return <ChannelsPage />;
}
