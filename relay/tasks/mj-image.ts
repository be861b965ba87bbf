import "server-only";

// GET /mj/image/{id}: the unauthenticated image proxy (MjForwardUrlEnabled hands these URLs out;
// with it off the route answers 404). It only ever fetches the stored imageUrl of that task: through
// the SSRF guard (public addresses, https, the connection pinned to the checked address, no
// redirects), streamed to the client without buffering and cut off past MAX_IMAGE_BYTES. The answer
// comes from our own origin, so only PNG/JPEG/GIF/WebP pass, recognised from the bytes (never the
// upstream's Content-Type: an SVG or HTML "image" would run script here), and it carries a CSP
// that forbids everything plus nosniff.
import type { ServerResponse } from "node:http";
import { db } from "@/lib/server/db";
import { openPublicImage, PublicImageError } from "@/lib/server/net/public-image";
import { getOptions } from "@/lib/server/options/store";
import { baseHeaders } from "@/relay/kernel/http-io";
import { relayError } from "@/relay/kernel/error-codes";

export const MAX_IMAGE_BYTES = 32 * 1024 * 1024;
const IMAGE_TIMEOUT_MS = 30_000;

const notFound = () => relayError("image_not_found");

/** The raster type the leading bytes announce, or null (anything else is refused). */
export function sniffImageType(head: Buffer): string | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "image/png";
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "image/jpeg";
  if (head.length >= 6 && /^GIF8[79]a$/.test(head.subarray(0, 6).toString("latin1"))) return "image/gif";
  if (
    head.length >= 12 &&
    head.subarray(0, 4).toString("latin1") === "RIFF" &&
    head.subarray(8, 12).toString("latin1") === "WEBP"
  )
    return "image/webp";
  return null;
}

export async function proxyMidjourneyImage(res: ServerResponse, id: string, requestId: string): Promise<void> {
  if (!(await getOptions()).bool("MjForwardUrlEnabled")) throw notFound();
  const row = id ? await db().midjourney.findFirst({ where: { mjId: id }, select: { imageUrl: true } }) : null;
  if (!row?.imageUrl) throw notFound();
  let img;
  try {
    img = await openPublicImage(row.imageUrl, { timeoutMs: IMAGE_TIMEOUT_MS, maxBytes: MAX_IMAGE_BYTES });
  } catch (err) {
    if (!(err instanceof PublicImageError)) throw err;
    throw relayError(
      "image_upstream",
      { detail: err.message },
      { code: err.reason === "refused" ? "image_refused" : "image_upstream_error" },
    );
  }
  try {
    const iterator = img.chunks[Symbol.asyncIterator]();
    let head = Buffer.alloc(0);
    while (head.length < 12) {
      const next = await iterator.next();
      if (next.done) break;
      head = Buffer.concat([head, next.value]);
    }
    const type = sniffImageType(head);
    if (!type) throw relayError("image_type_refused");
    res.writeHead(200, {
      "content-type": type,
      ...(img.declared > 0 ? { "content-length": String(img.declared) } : {}),
      "cache-control": "public, max-age=86400",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      ...baseHeaders(requestId),
    });
    const rest = { [Symbol.asyncIterator]: () => iterator };
    if (!res.write(head)) await drained(res);
    for await (const chunk of rest) {
      if (!res.write(chunk)) await drained(res);
      if (res.destroyed) return;
    }
    res.end();
  } catch (err) {
    // Past the cap (or a broken upstream) the client sees a truncated transfer, never more.
    if (!res.headersSent && !(err instanceof PublicImageError)) throw err;
    res.destroy();
  } finally {
    await img.close();
  }
}

function drained(res: ServerResponse): Promise<unknown> {
  return new Promise((r) => {
    res.once("drain", r);
    res.once("close", r);
  });
}
