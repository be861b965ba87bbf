// The playground's chat model (messages, the request and the reply states):
// pure functions only, so the stream → message rules are unit-tested without a browser.

export type ChatRole = "user" | "assistant" | "system";
/** loading: sent, nothing received; incomplete: chunks arriving; complete: end marker or close; error. */
export type ChatStatus = "loading" | "incomplete" | "complete" | "error";
export type ChatMessage = { role: ChatRole; id: string; content: string; createAt: number; status: ChatStatus };

export type ChatSettings = {
  model: string;
  /** "" = the user's own group (the relay bills under it). */
  group: string;
  max_tokens: number;
  temperature: number;
  systemPrompt: string;
  /** Reconnect a broken stream and continue the reply (off by default, 3000 ms). */
  streamReconnect: boolean;
};

export type ChatRequest = {
  messages: { role: ChatRole; content: string }[];
  stream: true;
  model: string;
  group: string;
  max_tokens: number;
  temperature: number;
};

// Defaults of a new chat request and the playground's constants
export const DEFAULT_MODEL = "gpt-4o-mini";
export const DEFAULT_SYSTEM_PROMPT = "You are a helpful assistant.";
export const DEFAULT_SETTINGS: ChatSettings = {
  model: DEFAULT_MODEL,
  group: "",
  max_tokens: 0,
  temperature: 0,
  systemPrompt: DEFAULT_SYSTEM_PROMPT,
  streamReconnect: false,
};
export const TEMPERATURE_RANGE = { min: 0.1, max: 1, step: 0.1 } as const;
/**
 * Stream reconnect: off by default (a reconnect sends the prompt, and bills it, again); the wait
 * before each attempt, and how many attempts before the reply is left incomplete.
 */
export const STREAM_RECONNECT = { enabled: false, delayMs: 3000, maxAttempts: 3 } as const;
/** The chat pages look for an enabled token among the user's first 100. */
export const CHAT_TOKEN_FETCH_LIMIT = 100;

export type StreamEvent =
  | { type: "delta"; content: string }
  | { type: "done" }
  /** The stream ended without the end marker (or the user stopped it): what arrived is the reply. */
  | { type: "closed" }
  | { type: "error"; detail: string }
  /** The connection failed (no answer, or the body broke off): reconnectable (stream-reconnect.ts). */
  | { type: "broken"; detail: string }
  /** Waiting to reconnect (attempt n of the maximum). */
  | { type: "reconnecting"; attempt: number }
  /** Reconnecting gave up: what arrived stays, marked incomplete. */
  | { type: "interrupted" };

let seq = 0;
/** Unique enough for list keys and updates; crypto.randomUUID needs a secure context. */
export function newMessageId(now = Date.now()): string {
  seq = (seq + 1) % 1_000_000;
  return `${now.toString(36)}-${seq.toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

export function newMessage(role: ChatRole, content: string, status: ChatStatus, now = Date.now()): ChatMessage {
  return { role, id: newMessageId(now), content, createAt: now, status };
}

/** The two messages a fresh playground shows: a user greeting and an assistant reply. */
export function initialMessages(greeting: string, reply: string, now = Date.now()): ChatMessage[] {
  return [newMessage("user", greeting, "complete", now), newMessage("assistant", reply, "complete", now)];
}

function errorText(error: unknown): string {
  if (typeof error === "string") return error;
  if (error && typeof error === "object" && typeof (error as { message?: unknown }).message === "string")
    return (error as { message: string }).message;
  return JSON.stringify(error);
}

/** One SSE `data:` payload → what it means for the reply; null for chunks without text (role, usage). */
export function parseStreamData(data: string): StreamEvent | null {
  const text = data.trim();
  if (text === "[DONE]") return { type: "done" };
  if (!text) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return { type: "error", detail: text };
  }
  if (!payload || typeof payload !== "object") return { type: "error", detail: text };
  const p = payload as { error?: unknown; choices?: { delta?: { content?: unknown } }[] };
  if (p.error !== undefined && p.error !== null) return { type: "error", detail: errorText(p.error) };
  const content = p.choices?.[0]?.delta?.content;
  return typeof content === "string" && content !== "" ? { type: "delta", content } : null;
}

/** The reply after one stream event. complete and error are final: later events change nothing. */
export function applyStreamEvent(message: ChatMessage, event: StreamEvent): ChatMessage {
  if (message.status === "complete" || message.status === "error") return message;
  switch (event.type) {
    case "delta":
      return { ...message, content: message.content + event.content, status: "incomplete" };
    case "done":
    case "closed":
      return { ...message, status: "complete" };
    case "reconnecting":
      return message;
    case "interrupted":
      return { ...message, status: "incomplete" };
    case "broken":
    case "error":
      // The error data is appended to the reply
      return {
        ...message,
        content: message.content ? `${message.content}\n\n${event.detail}` : event.detail,
        status: "error",
      };
  }
}

/** max_tokens is typed as text; it is sent as an integer, 0 when empty or invalid. */
export function parseMaxTokens(value: string): number {
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** Snaps a slider value onto the 0.1–1 grid (floating steps drift: 0.1 + 0.2 ≠ 0.3). */
export function snapTemperature(value: number): number {
  const { min, max } = TEMPERATURE_RANGE;
  if (!Number.isFinite(value)) return min;
  return Math.round(Math.min(max, Math.max(min, value)) * 10) / 10;
}

/**
 * The body of POST /pg/chat/completions: the system prompt first, then the conversation. Replies
 * that failed or have no text yet are not sent back to the model.
 */
export function buildChatRequest(settings: ChatSettings, history: ChatMessage[]): ChatRequest {
  const messages: ChatRequest["messages"] = [];
  if (settings.systemPrompt.trim()) messages.push({ role: "system", content: settings.systemPrompt });
  for (const m of history) {
    if (m.role === "system") continue;
    if (m.role === "assistant" && (m.status === "error" || m.status === "loading" || !m.content)) continue;
    messages.push({ role: m.role, content: m.content });
  }
  return {
    messages,
    stream: true,
    model: settings.model,
    group: settings.group,
    max_tokens: Math.max(0, Math.trunc(settings.max_tokens) || 0),
    temperature: settings.temperature,
  };
}

/**
 * The model the request uses: the chosen one while the group serves it (or while the list is not
 * known), otherwise the group's first model, so a group switch never leaves an unusable choice.
 */
export function pickModel(chosen: string, available: readonly string[] | undefined): string {
  if (!available || available.length === 0 || available.includes(chosen)) return chosen;
  return available[0]!;
}

/** A stored group the user may no longer use falls back to "" (the user's own group). */
export function pickGroup(chosen: string, available: readonly string[] | undefined): string {
  return !chosen || !available || available.includes(chosen) ? chosen : "";
}
