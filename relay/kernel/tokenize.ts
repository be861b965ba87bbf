import "server-only";

// Token counting. Reservations use a fast estimate (no tokenizer on the hot path); exact counts with
// gpt-tokenizer (o200k BPE, loaded on first use: its tables cost ~70 MB) are only needed when an
// upstream sends no usage. Chat framing: 3 tokens per message, 1 per name, 3 to prime the reply.
import { SLICE_UNITS, unitsAt } from "@/lib/server/sliced";
import { contentAttachmentTokens, tokenIdCount } from "@/relay/kernel/prompt-extras";

type ChatMessage = { role?: string; name?: string; content?: unknown };
type Counter = (text: string) => number;

const IMAGE_TOKENS = 520;
/**
 * gpt-tokenizer's BPE is quadratic in the length of one pre-token, and a CJK or emoji run has no
 * spaces to break it: 40k CJK characters took 10 s in one call. Text is therefore counted in pieces
 * of at most CHUNK code units, cut before a space between words where possible (a pre-token boundary, so the count
 * stays exact for ordinary text), and the loop yields to the event loop every SLICE_MS so a long
 * prompt never stalls other requests.
 */
const CHUNK = 256;
const SLICE_MS = 8;
let exact: Promise<Counter> | null = null;

function loadExact(): Promise<Counter> {
  exact ??= import("gpt-tokenizer").then((m) => (text: string) => (text ? m.countTokens(text) : 0));
  return exact;
}

const isAlnum = (c: number) => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
/** "word| word": o200k pre-tokenization always splits here, so the pieces count as the whole. */
const safeCut = (text: string, at: number) =>
  text.charCodeAt(at) === 0x20 && isAlnum(text.charCodeAt(at - 1)) && isAlnum(text.charCodeAt(at + 1));

/** End of the next piece of text starting at start (never inside a surrogate pair). */
function pieceEnd(text: string, start: number): number {
  let end = start + CHUNK;
  if (end >= text.length) return text.length;
  for (let cut = end; cut > start + CHUNK / 2; cut--) if (safeCut(text, cut)) return cut;
  const c = text.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end--;
  return end;
}

async function countLong(count: Counter, text: string): Promise<number> {
  if (text.length <= CHUNK) return count(text);
  let total = 0;
  let since = performance.now();
  for (let start = 0; start < text.length;) {
    const end = pieceEnd(text, start);
    total += count(text.slice(start, end));
    start = end;
    if (performance.now() - since > SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      since = performance.now();
    }
  }
  return total;
}

/** 1 for the code units the estimate counts as CJK (a table: branch-free on mixed text). */
const CJK = (() => {
  const t = new Uint8Array(65536);
  for (const [from, to] of [
    [0x2e80, 0x9fff],
    [0xac00, 0xd7af],
    [0xf900, 0xfaff],
    [0xff00, 0xffef],
  ])
    t.fill(1, from!, to! + 1);
  return t;
})();

/** CJK units in a slice (its own function, so V8 optimises the whole loop, see warm-up.ts). */
function countCjk(units: Uint16Array): number {
  let cjk = 0;
  for (let i = 0, n = units.length; i < n; i++) cjk += CJK[units[i]!]!;
  return cjk;
}

/** Fast estimate: CJK characters ~1 token each, other text ~1 token per 3 characters. */
export function estimateText(text: string): number {
  if (!text) return 0;
  let cjk = 0;
  // Over slice copies: a charCodeAt loop can be 10x slower (see sliced.ts); ~1 ms per MB this way.
  for (let start = 0; start < text.length; start += SLICE_UNITS) cjk += countCjk(unitsAt(text, start));
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

/** Framing tokens of a chat body, and the texts whose tokens are added to them. */
function chatParts(messages: ChatMessage[], tools: unknown): { framing: number; texts: string[] } {
  let framing = 3;
  const texts: string[] = [];
  for (const m of messages) {
    framing += 3;
    texts.push(contentText(m?.content));
    if (typeof m?.name === "string" && m.name) {
      framing += 1;
      texts.push(m.name);
    }
    if (Array.isArray(m?.content))
      framing +=
        m.content.filter((p) => (p as { type?: string })?.type === "image_url").length * IMAGE_TOKENS +
        contentAttachmentTokens(m.content);
  }
  if (Array.isArray(tools)) {
    framing += tools.length * 8;
    texts.push(JSON.stringify(tools));
  }
  return { framing, texts };
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

/** Token ids in a completions prompt / embeddings input count one each (review N9). */
const promptIds = (body: Record<string, unknown>) => tokenIdCount(body.prompt ?? body.input);

export function estimatePromptTokens(body: Record<string, unknown>): number {
  if (!Array.isArray(body.messages)) return estimateText(promptText(body)) + promptIds(body);
  const { framing, texts } = chatParts(body.messages as ChatMessage[], body.tools);
  return texts.reduce((n, t) => n + estimateText(t), framing);
}

export async function exactPromptTokens(body: Record<string, unknown>): Promise<number> {
  const count = await loadExact();
  if (!Array.isArray(body.messages)) return (await countLong(count, promptText(body))) + promptIds(body);
  const { framing, texts } = chatParts(body.messages as ChatMessage[], body.tools);
  let n = framing;
  for (const t of texts) n += await countLong(count, t);
  return n;
}

export async function exactTextTokens(text: string): Promise<number> {
  return countLong(await loadExact(), text);
}
