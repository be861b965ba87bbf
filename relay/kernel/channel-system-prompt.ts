import "server-only";

// The system messages the channel's system prompt added (upstream/transform.ts applySystemPrompt):
// marked so that a converter's refusals name fields by the CLIENT's message indices
// (vendors/shared/openai-style/request-convertible.ts). A kernel leaf so vendors need no stage.
const added = new WeakSet<object>();

export function markChannelSystemPrompt(message: object): void {
  added.add(message);
}

export const isChannelSystemPrompt = (m: unknown): boolean => typeof m === "object" && m !== null && added.has(m);
