import "server-only";

// Coze chat v3 answers -> OpenAI chat answers. Streaming (SSE with `event:` names):
// conversation.message.delta of type "answer" carries text (and reasoning_content) deltas;
// conversation.chat.completed carries usage {input_count, output_count, token_count} and ends the
// answer (finish chunk, usage chunk, [DONE]); conversation.chat.failed and `error` end the stream
// with an error frame; created / in_progress / message.completed (the deltas again, whole) / done
// are dropped. Non-stream: the answer messages of /v3/chat/message/list, with the usage read by
// the polling of /v3/chat/retrieve (response-poll.ts).
import {
  chatCompletion,
  chunkFrame,
  appUsage,
  count,
  DONE_FRAME,
  errorFrame,
  usageFrame,
  type AnswerIds,
  type OpenAIUsage,
} from "@/relay/vendors/shared/app/response";

type CozeMessage = { type?: unknown; role?: unknown; content?: unknown; reasoning_content?: unknown };
type CozeChat = { usage?: Record<string, unknown>; last_error?: { code?: unknown; msg?: unknown } };

/** Coze's usage -> OpenAI usage (null when it reports no tokens). */
export function cozeUsage(u: Record<string, unknown> | undefined): OpenAIUsage | null {
  if (!u || typeof u !== "object") return null;
  return appUsage(u.input_count, u.output_count, u.token_count);
}

function parse<T>(data: string): T | null {
  try {
    const v = JSON.parse(data) as unknown;
    return v && typeof v === "object" ? (v as T) : null;
  } catch {
    return null;
  }
}

/** /v3/chat/message/list JSON -> chat.completion JSON text (the answer messages joined). */
export function cozeMessagesToOpenAI(text: string, ids: AnswerIds, usage: OpenAIUsage | null): string {
  const j = parse<{ code?: unknown; msg?: unknown; data?: unknown }>(text);
  if (!j) throw new Error("Coze answered a message list that is not JSON");
  if (count(j.code) !== 0) throw new Error(`Coze: ${String(j.msg ?? "error")} (code ${String(j.code)})`);
  const list = Array.isArray(j.data) ? (j.data as CozeMessage[]) : [];
  const answers = list.filter((m) => m && m.type === "answer" && typeof m.content === "string");
  return chatCompletion(ids, answers.map((m) => m.content as string).join("\n"), usage);
}

/** The per-stream converter: one Coze event -> client SSE text. */
export function cozeStreamConverter(ids: AnswerIds) {
  let started = false;
  let ended = false;
  const delta = (d: Record<string, unknown>) => {
    const out = chunkFrame(ids, started ? d : { role: "assistant", ...d });
    started = true;
    return out;
  };
  return {
    push(event: string | undefined, data: string): string {
      if (ended) return "";
      if (event === "conversation.message.delta") {
        const m = parse<CozeMessage>(data);
        if (!m || (m.type !== undefined && m.type !== "answer")) return "";
        let out = "";
        if (typeof m.reasoning_content === "string" && m.reasoning_content)
          out += delta({ reasoning_content: m.reasoning_content });
        if (typeof m.content === "string" && m.content) out += delta({ content: m.content });
        return out;
      }
      if (event === "conversation.chat.completed") {
        ended = true;
        const usage = cozeUsage(parse<CozeChat>(data)?.usage);
        return chunkFrame(ids, {}, "stop") + (usage ? usageFrame(ids, usage) : "") + DONE_FRAME;
      }
      if (event === "conversation.chat.failed" || event === "error") {
        ended = true;
        const j = parse<CozeChat & { code?: unknown; msg?: unknown }>(data);
        const e = j?.last_error ?? j ?? {};
        return errorFrame(
          typeof e.msg === "string" && e.msg ? e.msg : "Coze chat failed",
          String(e.code ?? "coze_error"),
        );
      }
      return "";
    },
    /** `head`: the body when it held no event (Coze answers errors as JSON with HTTP 200). */
    end(head: string | null): string {
      if (ended || head === null) return "";
      const j = parse<{ code?: unknown; msg?: unknown }>(head);
      return errorFrame(
        typeof j?.msg === "string" ? j.msg : "Coze answered without a stream",
        String(j?.code ?? "coze_error"),
      );
    },
  };
}
