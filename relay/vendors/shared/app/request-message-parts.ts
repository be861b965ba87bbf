import "server-only";

// Reading an OpenAI chat message's content (a string or an array of parts) for adapters that send
// plain text and image URLs to platforms without the OpenAI message shape (Dify, Coze).

export type ContentPart = { type?: unknown; text?: unknown; image_url?: unknown };

export function partsOf(content: unknown): ContentPart[] {
  if (typeof content === "string") return [{ type: "text", text: content }];
  return Array.isArray(content) ? (content.filter((p) => p && typeof p === "object") as ContentPart[]) : [];
}

/** The text of a message's content (the string, or its text parts joined). */
export function textOf(content: unknown): string {
  return partsOf(content)
    .filter((p) => p.type === "text" && typeof p.text === "string")
    .map((p) => p.text as string)
    .join("");
}

/** The URL of an image_url part ("" when it has none). */
export function imageUrlOf(p: ContentPart): string {
  const v = p.image_url;
  const url = typeof v === "string" ? v : v && typeof v === "object" ? (v as { url?: unknown }).url : "";
  return typeof url === "string" ? url : "";
}
