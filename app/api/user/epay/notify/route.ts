// GET+POST /api/user/epay/notify – EPay payment notice (query or x-www-form-urlencoded); answers text success/fail; public
import type { NextRequest } from "next/server";
import { route } from "@/lib/server/http/route";
import { readCapped } from "@/lib/server/http/read-capped";
import { logger } from "@/lib/server/logger";
import { completeTopupOrder } from "@/modules/wallet/server/complete-topup-order";

/** A notice is a dozen short fields; anything larger is refused before it is read in full. */
const NOTICE_LIMIT = 8192;

async function readBounded(req: NextRequest): Promise<string | null> {
  if (Number(req.headers.get("content-length") ?? 0) > NOTICE_LIMIT) return null;
  return readCapped(req.body, NOTICE_LIMIT);
}

function text(reply: "success" | "fail", status = 200): Response {
  return new Response(reply, { status, headers: { "content-type": "text/plain; charset=utf-8" } });
}

const handle = route({ role: "public" }, async ({ req }) => {
  try {
    const params: Record<string, string> = {};
    for (const [k, v] of req.nextUrl.searchParams) params[k] = v;
    if (req.method === "POST") {
      const body = await readBounded(req);
      if (body === null) return text("fail", 413);
      // Gateways post the notice as a form; a body field overrides the same query field.
      for (const [k, v] of new URLSearchParams(body)) params[k] = v;
    }
    return text((await completeTopupOrder(params)).reply);
  } catch (err) {
    logger().error({ err }, "EPay notice failed");
    return text("fail", 500);
  }
});

export const GET = handle;
export const POST = handle;
