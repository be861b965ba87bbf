import "server-only";

// OpenAI chat request -> Dify chat-messages request (docs.dify.ai "发送对话消息", POST /v1/chat-messages).
// Dify keeps a conversation's history itself; a gateway request carries the whole history, so, as
// new-api does, every message is written into one `query`, each under a role heading:
//   "SYSTEM: \n{text}\n", "ASSISTANT: \n{text}\n", and one "USER: \n{text}\n" per text part of the
// other messages. No conversation_id is sent (each request is a new Dify conversation). Images given
// by URL become `files` ({type: "image", transfer_method: "remote_url", url}); inline data: images
// would need the file-upload API first and are refused.
import { invalidRequest } from "@/relay/kernel/error-codes";
import { imageUrlOf, partsOf, textOf } from "@/relay/vendors/shared/app/request-message-parts";
import { checkChatConvertible, type ChatTarget } from "@/relay/vendors/shared/openai-style/request-convertible";

/** What a Dify query carries of OpenAI chat: text and image URLs. */
const DIFY_TARGET: ChatTarget = { parts: ["text", "image_url"], nonEmpty: false };

type Message = { role?: unknown; content?: unknown };

export type DifyFile = { type: "image"; transfer_method: "remote_url"; url: string };

export type DifyChatRequest = {
  inputs: Record<string, unknown>;
  query: string;
  response_mode: "blocking" | "streaming";
  user: string;
  auto_generate_name: false;
  files: DifyFile[];
};

/** `user`: the client's `user` field when it is a non-empty string, else `fallbackUser`. */
export function toDifyRequest(body: Record<string, unknown>, stream: boolean, fallbackUser: string): DifyChatRequest {
  checkChatConvertible(body, DIFY_TARGET);
  const messages = Array.isArray(body.messages) ? (body.messages as Message[]) : [];
  let query = "";
  const files: DifyFile[] = [];
  for (const m of messages) {
    if (!m || typeof m !== "object") continue;
    if (m.role === "system" || m.role === "developer") query += `SYSTEM: \n${textOf(m.content)}\n`;
    else if (m.role === "assistant") query += `ASSISTANT: \n${textOf(m.content)}\n`;
    else
      for (const p of partsOf(m.content)) {
        if (p.type === "text" && typeof p.text === "string") query += `USER: \n${p.text}\n`;
        else if (p.type === "image_url") {
          const url = imageUrlOf(p);
          if (!/^https?:\/\//i.test(url))
            throw invalidRequest(
              "Dify channels take images by http(s) URL only (inline data: images are not supported)",
            );
          files.push({ type: "image", transfer_method: "remote_url", url });
        }
      }
  }
  const user = typeof body.user === "string" && body.user.trim() ? body.user.trim().slice(0, 256) : fallbackUser;
  return {
    inputs: {},
    query,
    response_mode: stream ? "streaming" : "blocking",
    user,
    auto_generate_name: false,
    files,
  };
}
