// GET /mj/image/{id}: the unauthenticated image proxy (MjForwardUrlEnabled hands these URLs out).
// It only ever fetches the stored imageUrl of that task: through the SSRF guard (public addresses,
// https, the connection pinned to the checked address, no redirects), image/* answers only,
// streamed to the client without buffering and cut off past MAX_IMAGE_BYTES.
import type { ServerResponse } from "node:http";
import { db } from "@/lib/server/db";
import { openPublicImage, PublicImageError } from "@/lib/server/net/public-image";
import { RelayError } from "@/lib/server/relay/errors";
import { baseHeaders } from "@/lib/server/relay/http-io";

export const MAX_IMAGE_BYTES = 32 * 1024 * 1024;
const IMAGE_TIMEOUT_MS = 30_000;

const notFound = () => new RelayError(404, "Image not found", { code: "image_not_found" });

export async function proxyMidjourneyImage(res: ServerResponse, id: string, requestId: string): Promise<void> {
  const row = id ? await db().midjourney.findFirst({ where: { mjId: id }, select: { imageUrl: true } }) : null;
  if (!row?.imageUrl) throw notFound();
  let img;
  try {
    img = await openPublicImage(row.imageUrl, { timeoutMs: IMAGE_TIMEOUT_MS, maxBytes: MAX_IMAGE_BYTES });
  } catch (err) {
    if (!(err instanceof PublicImageError)) throw err;
    throw new RelayError(502, err.message, {
      code: err.reason === "refused" ? "image_refused" : "image_upstream_error",
    });
  }
  try {
    res.writeHead(200, {
      "content-type": img.type,
      ...(img.declared > 0 ? { "content-length": String(img.declared) } : {}),
      "cache-control": "public, max-age=86400",
      "x-content-type-options": "nosniff",
      ...baseHeaders(requestId),
    });
    for await (const chunk of img.chunks) {
      if (!res.write(chunk))
        await new Promise((r) => {
          res.once("drain", r);
          res.once("close", r);
        });
      if (res.destroyed) return;
    }
    res.end();
  } catch (err) {
    // Past the cap (or a broken upstream) the client sees a truncated transfer, never more.
    if (!(err instanceof PublicImageError) && !res.headersSent) throw err;
    res.destroy();
  } finally {
    await img.close();
  }
}
