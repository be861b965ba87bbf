import "server-only";

// Reading an EPay notice (GET query or POST x-www-form-urlencoded) and answering it with the text
// the gateway expects. Shared by the top-up notice and the subscription notice.
import type { NextRequest } from "next/server";
import { readCapped } from "@/lib/server/http/read-capped";
import type { EpayParams } from "@/modules/wallet/server/payments/epay/sign";

/** A notice is a dozen short fields; anything larger is refused before it is read in full. */
const NOTICE_LIMIT = 8192;

/** The notice's fields (a body field overrides the same query field), or null when too large. */
export async function readEpayNotice(req: NextRequest): Promise<EpayParams | null> {
  const params: EpayParams = {};
  for (const [k, v] of req.nextUrl.searchParams) params[k] = v;
  if (req.method === "POST") {
    if (Number(req.headers.get("content-length") ?? 0) > NOTICE_LIMIT) return null;
    const body = await readCapped(req.body, NOTICE_LIMIT);
    if (body === null) return null;
    for (const [k, v] of new URLSearchParams(body)) params[k] = v;
  }
  return params;
}

export function epayText(reply: "success" | "fail", status = 200): Response {
  return new Response(reply, { status, headers: { "content-type": "text/plain; charset=utf-8" } });
}
