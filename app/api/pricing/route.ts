import { NextResponse } from "next/server";
import { route, type Wire } from "@/lib/server/http/route";
import { listPricing } from "@/modules/pricing/server/list-pricing";

// GET /api/pricing – priced models with their groups; group_ratio and usable_group sit beside data
// (the new-api contract); public
export const GET = route({ role: "public" }, async ({ user }) => {
  const { data, group_ratio, usable_group } = await listPricing(user);
  return NextResponse.json({ success: true, message: "", data, group_ratio, usable_group });
});

/** The whole body (data and the two maps beside it), as the console's pricing hook reads it. */
export type PricingAnswer = Wire<Awaited<ReturnType<typeof listPricing>>>;
