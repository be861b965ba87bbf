// GET /mj/image/{id}: the unauthenticated image proxy (MjForwardUrlEnabled hands these URLs out).
// It only ever fetches the stored imageUrl of that task: through the SSRF guard (public addresses,
// https, the connection pinned to the checked address, no redirects), image/* answers only,
// streamed to the client without buffering and cut off past MAX_IMAGE_BYTES.
import type { ServerResponse } from "node:http";
import { Agent, request } from "undici";
import { db } from "@/lib/server/db";
import { checkOutboundUrl, systemResolver } from "@/lib/server/net/outbound-url";
import { outboundPolicy, pinnedLookup } from "@/lib/server/net/safe-fetch";
import { RelayError } from "@/lib/server/relay/errors";
import { baseHeaders } from "@/lib/server/relay/http-io";

export const MAX_IMAGE_BYTES = 32 * 1024 * 1024;
const IMAGE_TIMEOUT_MS = 30_000;

const notFound = () => new RelayError(404, "Image not found", { code: "image_not_found" });

export async function proxyMidjourneyImage(res: ServerResponse, id: string, requestId: string): Promise<void> {
  const row = id ? await db().midjourney.findFirst({ where: { mjId: id }, select: { imageUrl: true } }) : null;
  if (!row?.imageUrl) throw notFound();
  const check = await checkOutboundUrl(row.imageUrl, outboundPolicy(), systemResolver);
  if (!check.ok)
    throw new RelayError(502, `The image address is not allowed (${check.reason})`, { code: "image_refused" });
  const agent = new Agent({
    connections: 1,
    pipelining: 0,
    connect: { timeout: IMAGE_TIMEOUT_MS, lookup: pinnedLookup(check.address) },
  });
  try {
    const up = await request(check.url, {
      method: "GET",
      dispatcher: agent,
      signal: AbortSignal.timeout(IMAGE_TIMEOUT_MS),
      headersTimeout: IMAGE_TIMEOUT_MS,
      bodyTimeout: IMAGE_TIMEOUT_MS,
    });
    const type = String(up.headers["content-type"] ?? "");
    const declared = Number(up.headers["content-length"] ?? 0);
    if (up.statusCode !== 200 || !/^image\//i.test(type) || declared > MAX_IMAGE_BYTES) {
      up.body.destroy();
      throw new RelayError(502, `The image upstream answered ${up.statusCode} ${type || "(no type)"}`, {
        code: "image_upstream_error",
      });
    }
    res.writeHead(200, {
      "content-type": type,
      ...(declared > 0 ? { "content-length": String(declared) } : {}),
      "cache-control": "public, max-age=86400",
      "x-content-type-options": "nosniff",
      ...baseHeaders(requestId),
    });
    let size = 0;
    for await (const chunk of up.body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_IMAGE_BYTES) {
        res.destroy(); // the client sees a truncated transfer, never more than the cap
        return;
      }
      if (!res.write(chunk))
        await new Promise((r) => {
          res.once("drain", r);
          res.once("close", r);
        });
      if (res.destroyed) return;
    }
    res.end();
  } finally {
    await agent.destroy().catch(() => undefined);
  }
}
