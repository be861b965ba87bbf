import { NextResponse } from "next/server";
import { route } from "@/lib/server/http/route";
import { listPricing } from "@/modules/pricing/server/list-pricing";

// GET /api/pricing – priced models with their groups; group_ratio and usable_group sit beside data
// (the new-api contract); public
export const GET = route({ role: "public" }, async ({ user }) => {
  const { data, group_ratio, usable_group } = await listPricing(user);
  return NextResponse.json({ success: true, message: "", data, group_ratio, usable_group });
});
