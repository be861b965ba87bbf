// The playground conversation and settings kept in localStorage, so a reload keeps the chat. Stored
// data that cannot be read is reported (聊天数据解析失败) and replaced by a fresh chat.
import { z } from "zod";
import { DEFAULT_SETTINGS, type ChatMessage, type ChatSettings } from "@/modules/playground/chat/chat-state";

export const PLAYGROUND_STORAGE_KEY = "playground_chat";

const messageSchema = z.object({
  role: z.enum(["user", "assistant", "system"]),
  id: z.string().min(1),
  content: z.string(),
  createAt: z.number(),
  status: z.enum(["loading", "incomplete", "complete", "error"]),
});

const settingsSchema = z.object({
  model: z.string(),
  group: z.string(),
  max_tokens: z.number().int().min(0),
  temperature: z.number().min(0).max(1),
  systemPrompt: z.string(),
  // Chats stored before the option existed have no value: off.
  streamReconnect: z.boolean().optional(),
});

const storedSchema = z.object({ settings: settingsSchema, messages: z.array(messageSchema) });

export type StoredPlayground = { settings: ChatSettings; messages: ChatMessage[] };

export type StoredReadResult =
  | { kind: "empty" }
  | { kind: "ok"; value: StoredPlayground }
  /** Present but unreadable: the caller reports it and starts over. */
  | { kind: "invalid" };

export function parseStoredPlayground(raw: string | null): StoredReadResult {
  if (raw === null || raw === "") return { kind: "empty" };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { kind: "invalid" };
  }
  const parsed = storedSchema.safeParse(json);
  if (!parsed.success) return { kind: "invalid" };
  return {
    kind: "ok",
    value: {
      settings: { ...DEFAULT_SETTINGS, ...parsed.data.settings },
      // A reply that was still streaming when the page went away will never finish.
      messages: parsed.data.messages.map((m) =>
        m.status === "loading" || m.status === "incomplete" ? { ...m, status: "incomplete" as const } : m,
      ),
    },
  };
}

export function serializePlayground(value: StoredPlayground): string {
  return JSON.stringify(value);
}
