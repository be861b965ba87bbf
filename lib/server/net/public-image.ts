import "server-only";

// Images fetched on behalf of a user (the Midjourney image proxy, image URLs inlined for Gemini):
// through the SSRF guard (public addresses, https, the connection pinned to the checked address,
// no redirects), image/* answers only, size-capped while reading.
import { Agent, request } from "undici";
import { checkOutboundUrl, systemResolver } from "@/lib/server/net/outbound-url";
import { outboundPolicy, pinnedLookup } from "@/lib/server/net/safe-fetch";
import { discardBody } from "@/lib/server/net/discard-body";

export class PublicImageError extends Error {
  constructor(
    message: string,
    readonly reason: "refused" | "upstream" | "too_large",
  ) {
    super(message);
    this.name = "PublicImageError";
  }
}

export type PublicImage = {
  type: string;
  /** Content-Length when the server declared one (0 otherwise). */
  declared: number;
  /** The body, cut off with a too_large error past maxBytes. */
  chunks: AsyncIterable<Buffer>;
  close: () => Promise<void>;
};

export async function openPublicImage(
  url: string,
  opts: { timeoutMs: number; maxBytes: number },
): Promise<PublicImage> {
  const check = await checkOutboundUrl(url, outboundPolicy(), systemResolver);
  if (!check.ok) throw new PublicImageError(`The image address is not allowed (${check.reason})`, "refused");
  const agent = new Agent({
    connections: 1,
    pipelining: 0,
    connect: { timeout: opts.timeoutMs, lookup: pinnedLookup(check.address) },
  });
  const close = () => agent.destroy().catch(() => undefined);
  try {
    const up = await request(check.url, {
      method: "GET",
      dispatcher: agent,
      signal: AbortSignal.timeout(opts.timeoutMs),
      headersTimeout: opts.timeoutMs,
      bodyTimeout: opts.timeoutMs,
    });
    const type = String(up.headers["content-type"] ?? "");
    const declared = Number(up.headers["content-length"] ?? 0);
    if (up.statusCode !== 200 || !/^image\//i.test(type) || declared > opts.maxBytes) {
      discardBody(up.body);
      throw new PublicImageError(`The image upstream answered ${up.statusCode} ${type || "(no type)"}`, "upstream");
    }
    async function* capped(): AsyncIterable<Buffer> {
      let size = 0;
      for await (const chunk of up.body as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > opts.maxBytes) {
          discardBody(up.body);
          throw new PublicImageError("The image is too large", "too_large");
        }
        yield chunk;
      }
    }
    return { type: type.split(";")[0]!.trim(), declared, chunks: capped(), close };
  } catch (err) {
    await close();
    throw err;
  }
}
