import { NextResponse } from "next/server";
import { route } from "@/lib/server/http/route";
import { idParam } from "@/lib/server/http/params";
import { updateChannelBalance } from "@/modules/channels/server/update-balance";

// GET /api/channel/update_balance/{id}/ – query the upstream balance (USD) and store it; admin
export const GET = route({ role: "admin", changesState: true }, async ({ params }) => {
  const balance = await updateChannelBalance(idParam(params));
  // new-api clients read the top-level balance; the envelope's data carries it too.
  return NextResponse.json({ success: true, message: "", data: { balance }, balance });
});
