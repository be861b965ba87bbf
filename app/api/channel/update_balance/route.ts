import { route, envelope, type RouteAnswer } from "@/lib/server/http/route";
import { AppError } from "@/lib/server/http/app-error";
import { startUpdateAllBalances } from "@/modules/channels/server/update-balance";

// GET /api/channel/update_balance – refresh every enabled channel's balance in the background; admin
export const GET = route({ role: "admin", changesState: true }, ({ t }) => {
  if (!startUpdateAllBalances()) throw new AppError("conflict", "channel_balance_all_running");
  return envelope(null, t("channel_balance_all_started"));
});

export type GetChannelUpdateBalanceAnswer = RouteAnswer<typeof GET>;
