import "server-only";

// OpenAI chat request -> Coze chat v3 request (coze.cn/docs/developer_guides/chat_v3, POST /v3/chat):
// {bot_id, user_id, additional_messages, stream}. new-api sends only the user messages; we also keep
// the assistant turns (type "answer"), so a multi-turn history reaches the bot in order. A message
// with image URLs becomes content_type "object_string" ([{type:"text"},{type:"image",file_url}]);
// system prompts are dropped (a Coze bot's persona is configured in Coze). auto_save_history is left
// at Coze's default (true), which the non-stream flow needs to list the answer messages.
import { imageUrlOf, partsOf, textOf } from "@/relay/vendors/shared/app/request-message-parts";
import { checkChatConvertible, type ChatTarget } from "@/relay/vendors/shared/openai-style/request-convertible";

/** What Coze additional_messages carry of OpenAI chat: text and image URLs. */
const COZE_TARGET: ChatTarget = { parts: ["text", "image_url"], nonEmpty: false };

type Message = { role?: unknown; content?: unknown };

export type CozeMessage = {
  role: "user" | "assistant";
  type: "question" | "answer";
  content: string;
  content_type: "text" | "object_string";
};

export type CozeChatRequest = {
  bot_id: string;
  user_id: string;
  additional_messages: CozeMessage[];
  stream: boolean;
};

function userMessage(content: unknown): CozeMessage | null {
  const images = partsOf(content)
    .filter((p) => p.type === "image_url")
    .map(imageUrlOf)
    .filter(Boolean);
  const text = textOf(content);
  if (!images.length) return text ? { role: "user", type: "question", content: text, content_type: "text" } : null;
  const objects = [
    ...(text ? [{ type: "text", text }] : []),
    ...images.map((file_url) => ({ type: "image", file_url })),
  ];
  return { role: "user", type: "question", content: JSON.stringify(objects), content_type: "object_string" };
}

export function toCozeRequest(
  body: Record<string, unknown>,
  botId: string,
  stream: boolean,
  fallbackUser: string,
): CozeChatRequest {
  checkChatConvertible(body, COZE_TARGET);
  const messages = Array.isArray(body.messages) ? (body.messages as Message[]) : [];
  const additional: CozeMessage[] = [];
  for (const m of messages) {
    if (!m || typeof m !== "object") continue;
    if (m.role === "user") {
      const u = userMessage(m.content);
      if (u) additional.push(u);
    } else if (m.role === "assistant") {
      const text = textOf(m.content);
      if (text) additional.push({ role: "assistant", type: "answer", content: text, content_type: "text" });
    }
  }
  const user = typeof body.user === "string" && body.user.trim() ? body.user.trim().slice(0, 256) : fallbackUser;
  // Coze takes at most 100 additional messages: keep the latest.
  return { bot_id: botId, user_id: user, additional_messages: additional.slice(-100), stream };
}
