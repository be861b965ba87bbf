import "server-only";

// SSE frame writers shared by the formats.
import type { Json } from "@/relay/kernel/format";

/** `data: {...}\n\n` (OpenAI, Gemini). */
export const dataFrame = (payload: Json | string): string =>
  `data: ${typeof payload === "string" ? payload : JSON.stringify(payload)}\n\n`;

/** `event: name\ndata: {...}\n\n` (Anthropic). */
export const eventFrame = (event: string, payload: Json): string =>
  `event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`;
