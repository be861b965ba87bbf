import { NextResponse } from "next/server";
import { route } from "@/lib/server/http/route";
import { ratioSyncFetchBody } from "@/modules/pricing/ratios/ratio-sync";
import { fetchUpstreamRatios } from "@/modules/pricing/server/fetch-upstream-ratios";

// POST /api/ratio_sync/fetch {channel_ids?, upstreams?, timeout?} – each upstream's prices compared
// with ours: {differences, test_results}; nothing is saved. No upstream: 200 {success:false,
// 无有效上游渠道} as new-api; root
export const POST = route({ role: "root", body: ratioSyncFetchBody }, async ({ body, t }) => {
  const result = await fetchUpstreamRatios(body, t);
  if (!result) return NextResponse.json({ success: false, message: t("ratio_sync_no_upstream") });
  return result;
});
