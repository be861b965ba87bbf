// /channel/add: the channel list with the create drawer open.
import { ChannelsPage, channelsMetadata } from "@/modules/channels/components/channels-page.server";

export const generateMetadata = channelsMetadata;

export default function AddChannelPage() {
  return <ChannelsPage initialDrawer={{ mode: "create" }} />;
}
