import { route, envelope, type RouteAnswer } from "@/lib/server/http/route";
import { AppError } from "@/lib/server/http/app-error";
import { startTestAllChannels } from "@/modules/channels/server/test-all-channels";

// GET /api/channel/test – test every enabled channel in the background (answers at once); admin
export const GET = route({ role: "admin", changesState: true }, ({ user, t }) => {
  if (!startTestAllChannels(user)) throw new AppError("conflict", "channel_test_all_running");
  return envelope(null, t("channel_test_all_started"));
});

export type GetChannelTestAnswer = RouteAnswer<typeof GET>;
