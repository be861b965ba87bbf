import "server-only";

// Gemini takes images inline only: http(s) image_url parts of an OpenAI-form chat body are fetched
// (through the SSRF guard: public addresses, https, pinned connection, no redirects, size-capped)
// and replaced by data: URLs before the body is converted. Other channels get URLs as they are.
// Per request the fetches are bounded in count (MAX_IMAGES distinct URLs) and in total bytes
// (MAX_TOTAL_BYTES across all of them, checked as bytes arrive), and an image is downloaded once
// per request: a retry on another Gemini channel reuses what the first attempt fetched.
import type { Locale } from "@/lib/i18n/config";
import { serverMessage } from "@/lib/server/i18n/server-messages";
import { openPublicImage, PublicImageError } from "@/lib/server/net/public-image";
import { invalidRequest } from "@/relay/kernel/error-codes";
import type { Json } from "@/relay/kernel/format";

const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Gemini refuses requests above 20 MB of inline data; more would only be fetched to be refused. */
export const MAX_TOTAL_BYTES = 20 * 1024 * 1024;
export const MAX_IMAGES = 16;
const TIMEOUT_MS = 15_000;

type ImagePart = { type?: string; image_url?: string | { url?: string } };

const urlOf = (p: ImagePart): string | undefined => (typeof p.image_url === "string" ? p.image_url : p.image_url?.url);

type Fetched = { data: string; bytes: number };

/** The images one request has fetched so far (kept across its attempts). */
const fetchedByRequest = new WeakMap<object, Map<string, Fetched>>();

class TotalTooLarge extends Error {}

/** Downloads one image, counting its bytes against the request's budget as they arrive. */
async function fetchInto(url: string, budget: { used: number }): Promise<Fetched> {
  const img = await openPublicImage(url, { timeoutMs: TIMEOUT_MS, maxBytes: MAX_IMAGE_BYTES });
  try {
    if (budget.used + img.declared > MAX_TOTAL_BYTES) throw new TotalTooLarge();
    const parts: Buffer[] = [];
    for await (const chunk of img.chunks) {
      budget.used += chunk.length;
      if (budget.used > MAX_TOTAL_BYTES) throw new TotalTooLarge();
      parts.push(chunk);
    }
    const bytes = Buffer.concat(parts);
    return { data: `data:${img.type};base64,${bytes.toString("base64")}`, bytes: bytes.length };
  } finally {
    await img.close();
  }
}

/**
 * Replaces remote image URLs by data: URLs. `request` identifies the client request (its images are
 * fetched once); `locale` picks the language of the refusals.
 */
export async function inlineRemoteImages(body: Json, request: object, locale: () => Locale): Promise<Json> {
  if (!Array.isArray(body.messages)) return body;
  const remote = new Set<string>();
  for (const m of body.messages as { content?: unknown }[])
    if (Array.isArray(m?.content))
      for (const p of m.content as ImagePart[]) {
        const url = p?.type === "image_url" ? urlOf(p) : undefined;
        if (url && /^https?:\/\//i.test(url)) remote.add(url);
      }
  if (!remote.size) return body;
  if (remote.size > MAX_IMAGES)
    throw invalidRequest(
      serverMessage(locale(), "relay_inline_images_too_many", { max: MAX_IMAGES, count: remote.size }),
      "too_many_image_urls",
    );
  let inlined = fetchedByRequest.get(request);
  if (!inlined) fetchedByRequest.set(request, (inlined = new Map()));
  const done = inlined;
  const budget = { used: [...done.values()].reduce((n, f) => n + f.bytes, 0) };
  let tooLarge = false;
  const failures = await Promise.all(
    [...remote]
      .filter((url) => !done.has(url))
      .map(async (url) => {
        try {
          done.set(url, await fetchInto(url, budget));
          return null;
        } catch (err) {
          if (err instanceof TotalTooLarge) tooLarge = true;
          return { url, err };
        }
      }),
  );
  if (tooLarge)
    throw invalidRequest(
      serverMessage(locale(), "relay_inline_images_too_large", { max: MAX_TOTAL_BYTES / 1048576 }),
      "image_urls_too_large",
    );
  const failed = failures.find((f) => f !== null);
  if (failed) {
    const why = failed.err instanceof PublicImageError ? failed.err.message : "the image could not be downloaded";
    throw invalidRequest(`Image ${failed.url.slice(0, 200)} could not be used: ${why}`, "image_url_fetch_failed");
  }
  const messages = (body.messages as { content?: unknown }[]).map((m) =>
    Array.isArray(m?.content)
      ? {
          ...m,
          content: (m.content as ImagePart[]).map((p) => {
            const url = p?.type === "image_url" ? urlOf(p) : undefined;
            const data = url ? done.get(url)?.data : undefined;
            return data
              ? { ...p, image_url: { ...(typeof p.image_url === "object" ? p.image_url : {}), url: data } }
              : p;
          }),
        }
      : m,
  );
  return { ...body, messages };
}
