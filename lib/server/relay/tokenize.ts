// Local token counting (gpt-tokenizer, o200k/cl100k BPE) for prompt estimates and for upstreams that
// send no usage. OpenAI chat framing: 3 tokens per message, 1 per name, 3 to prime the reply.
import { countTokens } from "gpt-tokenizer";

export function countText(text: string): number {
  if (!text) return 0;
  return countTokens(text);
}

type ChatMessage = { role?: string; name?: string; content?: unknown };

function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content.map((part) => (part && typeof part === "object" && "text" in part ? String((part as { text: unknown }).text ?? "") : "")).join("\n");
  }
  return "";
}

const IMAGE_TOKENS = 520;

export function countChatPrompt(messages: ChatMessage[] | undefined, tools?: unknown[]): number {
  if (!Array.isArray(messages)) return 0;
  let n = 3;
  for (const m of messages) {
    n += 3 + countText(contentText(m.content));
    if (m.name) n += 1 + countText(m.name);
    if (Array.isArray(m.content)) n += m.content.filter((p) => (p as { type?: string })?.type === "image_url").length * IMAGE_TOKENS;
  }
  if (Array.isArray(tools)) n += tools.length * 8 + countText(JSON.stringify(tools));
  return n;
}

/** Prompt text of a chat / completions / embeddings body, for the sensitive-word check. */
export function promptText(body: Record<string, unknown>): string {
  if (Array.isArray(body.messages)) return (body.messages as ChatMessage[]).map((m) => contentText(m.content)).join("\n");
  const input = body.prompt ?? body.input;
  if (typeof input === "string") return input;
  if (Array.isArray(input)) return input.filter((x) => typeof x === "string").join("\n");
  return "";
}
