// Gemini takes images inline only: http(s) image_url parts of an OpenAI-form chat body are fetched
// (through the SSRF guard: public addresses, https, pinned connection, no redirects, size-capped)
// and replaced by data: URLs before the body is converted. Other channels get URLs as they are.
import { fetchImageAsDataUrl, PublicImageError } from "@/lib/server/net/public-image";
import { invalidRequest } from "@/lib/server/relay/errors";
import type { Json } from "@/lib/server/relay/formats/types";

const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const MAX_IMAGES = 16;
const TIMEOUT_MS = 15_000;

type ImagePart = { type?: string; image_url?: string | { url?: string } };

const urlOf = (p: ImagePart): string | undefined => (typeof p.image_url === "string" ? p.image_url : p.image_url?.url);

export async function inlineRemoteImages(body: Json): Promise<Json> {
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
    throw invalidRequest(`At most ${MAX_IMAGES} image URLs per request`, "too_many_image_urls");
  const inlined = new Map<string, string>();
  await Promise.all(
    [...remote].map(async (url) => {
      try {
        inlined.set(url, await fetchImageAsDataUrl(url, { timeoutMs: TIMEOUT_MS, maxBytes: MAX_IMAGE_BYTES }));
      } catch (err) {
        const why = err instanceof PublicImageError ? err.message : "the image could not be downloaded";
        throw invalidRequest(`Image ${url.slice(0, 200)} could not be used: ${why}`, "image_url_fetch_failed");
      }
    }),
  );
  const messages = (body.messages as { content?: unknown }[]).map((m) =>
    Array.isArray(m?.content)
      ? {
          ...m,
          content: (m.content as ImagePart[]).map((p) => {
            const url = p?.type === "image_url" ? urlOf(p) : undefined;
            const data = url ? inlined.get(url) : undefined;
            return data
              ? { ...p, image_url: { ...(typeof p.image_url === "object" ? p.image_url : {}), url: data } }
              : p;
          }),
        }
      : m,
  );
  return { ...body, messages };
}
