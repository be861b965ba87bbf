import "server-only";

// Coze's non-stream chat is asynchronous (coze.cn/docs/developer_guides/chat_v3, retrieve_chat,
// list_chat_messages): POST /v3/chat answers {code, msg, data: {id, conversation_id, status}} at
// once; GET /v3/chat/retrieve?conversation_id=&chat_id= is polled until status "completed" (its
// usage is the answer's); the messages are then read with GET /v3/chat/message/list (the request this
// step returns to the sender). As in new-api. Every call goes through the outbound address guard;
// the wait is bounded by the attempt's abort signal and a poll budget.
import { setTimeout as sleep } from "node:timers/promises";
import { request } from "undici";
import { assertChannelTarget, channelAgent } from "@/lib/server/net/channel-address";
import { count, type OpenAIUsage } from "@/relay/vendors/shared/app/response";
import { cozeUsage } from "@/relay/vendors/coze/response";
import { discardBody } from "@/lib/server/net/discard-body";

type Io = { signal: AbortSignal; allowPrivate: boolean };
type Chat = { id?: unknown; conversation_id?: unknown; status?: unknown; usage?: Record<string, unknown> };

const MAX_BODY = 256 * 1024;
/** Poll delays: quick at first, then once a second (new-api polls every second). */
const DELAYS_MS = [200, 400, 700];
const MAX_POLLS = 600;

async function call(
  url: string,
  init: { method: "GET" | "POST"; headers: Record<string, string>; body?: string },
  io: Io,
) {
  assertChannelTarget(url, io.allowPrivate);
  const res = await request(url, { ...init, signal: io.signal, dispatcher: channelAgent(io.allowPrivate) });
  let text = "";
  for await (const chunk of res.body) {
    text += (chunk as Buffer).toString("utf8");
    if (text.length > MAX_BODY) {
      discardBody(res.body);
      break;
    }
  }
  let j: { code?: unknown; msg?: unknown; data?: Chat } = {};
  try {
    j = JSON.parse(text) as typeof j;
  } catch {
    /* reported below */
  }
  if (res.statusCode !== 200 || !j || typeof j !== "object" || count(j.code) !== 0 || j.code === undefined)
    throw new Error(`Coze ${new URL(url).pathname}: ${String(j?.msg || `HTTP ${res.statusCode}`)}`);
  return j.data ?? {};
}

export type CozeAnswer = { listUrl: string; usage: OpenAIUsage | null };

/** Creates the chat and waits for it; returns the message-list URL and the usage. */
export async function cozeCreateAndWait(
  base: string,
  headers: Record<string, string>,
  body: string,
  io: Io,
): Promise<CozeAnswer> {
  const chat = await call(`${base}/v3/chat`, { method: "POST", headers, body }, io);
  const chatId = typeof chat.id === "string" ? chat.id : "";
  const conversationId = typeof chat.conversation_id === "string" ? chat.conversation_id : "";
  if (!chatId || !conversationId) throw new Error("Coze /v3/chat answered without a chat id");
  const query = `conversation_id=${encodeURIComponent(conversationId)}&chat_id=${encodeURIComponent(chatId)}`;
  const get = { method: "GET" as const, headers: { authorization: headers.authorization! } };
  for (let i = 0; i < MAX_POLLS; i++) {
    await sleep(DELAYS_MS[i] ?? 1000, undefined, { signal: io.signal });
    const now = await call(`${base}/v3/chat/retrieve?${query}`, get, io);
    if (now.status === "completed")
      return { listUrl: `${base}/v3/chat/message/list?${query}`, usage: cozeUsage(now.usage) };
    if (now.status === "failed" || now.status === "canceled" || now.status === "requires_action")
      throw new Error(`Coze chat ${String(now.status)}`);
  }
  throw new Error("Coze chat did not complete in time");
}
