// Token counting. Reservations use a fast estimate (no tokenizer on the hot path); exact counts with
// gpt-tokenizer (o200k BPE, loaded on first use: its tables cost ~70 MB) are only needed when an
// upstream sends no usage. Chat framing: 3 tokens per message, 1 per name, 3 to prime the reply.
type ChatMessage = { role?: string; name?: string; content?: unknown };
type Counter = (text: string) => number;

const IMAGE_TOKENS = 520;
let exact: Promise<Counter> | null = null;

function loadExact(): Promise<Counter> {
  exact ??= import("gpt-tokenizer").then((m) => (text: string) => (text ? m.countTokens(text) : 0));
  return exact;
}

/** Fast estimate: CJK characters ~1 token each, other text ~1 token per 3 characters. */
export function estimateText(text: string): number {
  if (!text) return 0;
  let cjk = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (
      (c >= 0x2e80 && c <= 0x9fff) ||
      (c >= 0xac00 && c <= 0xd7af) ||
      (c >= 0xf900 && c <= 0xfaff) ||
      (c >= 0xff00 && c <= 0xffef)
    )
      cjk++;
  }
  return cjk + Math.ceil((text.length - cjk) / 3);
}

function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content
      .map((part) =>
        part && typeof part === "object" && "text" in part ? String((part as { text: unknown }).text ?? "") : "",
      )
      .join("\n");
  }
  return "";
}

function chatPrompt(messages: ChatMessage[] | undefined, tools: unknown[] | undefined, count: Counter): number {
  if (!Array.isArray(messages)) return 0;
  let n = 3;
  for (const m of messages) {
    n += 3 + count(contentText(m?.content));
    if (m?.name) n += 1 + count(m.name);
    if (Array.isArray(m?.content))
      n += m.content.filter((p) => (p as { type?: string })?.type === "image_url").length * IMAGE_TOKENS;
  }
  if (Array.isArray(tools)) n += tools.length * 8 + count(JSON.stringify(tools));
  return n;
}

/** Prompt text of a chat / completions / embeddings body (also for the sensitive-word check). */
export function promptText(body: Record<string, unknown>): string {
  if (Array.isArray(body.messages))
    return (body.messages as ChatMessage[]).map((m) => contentText(m?.content)).join("\n");
  const input = body.prompt ?? body.input;
  if (typeof input === "string") return input;
  if (Array.isArray(input)) return input.filter((x) => typeof x === "string").join("\n");
  return "";
}

export function estimatePromptTokens(body: Record<string, unknown>): number {
  if (Array.isArray(body.messages))
    return chatPrompt(body.messages as ChatMessage[], body.tools as unknown[] | undefined, estimateText);
  return estimateText(promptText(body));
}

export async function exactPromptTokens(body: Record<string, unknown>): Promise<number> {
  const count = await loadExact();
  if (Array.isArray(body.messages))
    return chatPrompt(body.messages as ChatMessage[], body.tools as unknown[] | undefined, count);
  return count(promptText(body));
}

export async function exactTextTokens(text: string): Promise<number> {
  return (await loadExact())(text);
}
