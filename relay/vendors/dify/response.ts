import "server-only";

// Dify answers -> OpenAI chat answers. Blocking: {answer, metadata.usage} -> chat.completion. Streaming
// (one JSON object per `data:` line, its kind in `event`): `message` / `agent_message` carry answer
// text deltas; `message_end` carries metadata.usage and ends the answer (finish chunk, usage chunk,
// [DONE]); `error` ends the stream with an error frame; `ping`, `agent_thought`, `message_file`,
// `message_replace`, `tts_*` and the workflow_* / node_* progress events are dropped. Dify's
// "Thinking..." <details> wrapper becomes <think>…</think>, as in new-api.
import {
  chatCompletion,
  chunkFrame,
  appUsage,
  DONE_FRAME,
  errorFrame,
  type AnswerIds,
  usageFrame,
  type OpenAIUsage,
} from "@/relay/vendors/shared/app/response";

const THINK_OPEN =
  '<details style="color:gray;background-color: #f8f8f8;padding: 8px;border-radius: 4px;" open> <summary> Thinking... </summary>\n';

type DifyEvent = {
  event?: unknown;
  answer?: unknown;
  message?: unknown;
  code?: unknown;
  metadata?: { usage?: Record<string, unknown> };
};

/** Dify's metadata.usage -> OpenAI usage (null when it reports no tokens). */
export function difyUsage(u: Record<string, unknown> | undefined): OpenAIUsage | null {
  if (!u || typeof u !== "object") return null;
  return appUsage(u.prompt_tokens, u.completion_tokens, u.total_tokens);
}

function answerText(a: unknown): string {
  if (typeof a !== "string") return "";
  if (a === THINK_OPEN) return "<think>";
  return a === "</details>" ? "</think>" : a;
}

/** A blocking answer as chat.completion JSON text (usage left out when Dify reports none). */
export function difyBlockingToOpenAI(text: string, ids: AnswerIds): string {
  let j: DifyEvent = {};
  try {
    j = JSON.parse(text) as DifyEvent;
  } catch {
    throw new Error("Dify answered a body that is not JSON");
  }
  if (!j || typeof j !== "object" || typeof j.answer !== "string") throw new Error("Dify answered without an answer");
  return chatCompletion(ids, j.answer, difyUsage(j.metadata?.usage));
}

/** The per-stream converter: one Dify event's data -> client SSE text. */
export function difyStreamConverter(ids: AnswerIds) {
  let started = false;
  let ended = false;
  const delta = (content: string) => {
    const d: Record<string, unknown> = started ? { content } : { role: "assistant", content };
    started = true;
    return chunkFrame(ids, d);
  };
  return {
    push(data: string): string {
      if (ended) return "";
      let e: DifyEvent;
      try {
        e = JSON.parse(data) as DifyEvent;
      } catch {
        return "";
      }
      if (!e || typeof e !== "object") return "";
      if (e.event === "message" || e.event === "agent_message") {
        const t = answerText(e.answer);
        return t ? delta(t) : "";
      }
      if (e.event === "message_end") {
        ended = true;
        const usage = difyUsage(e.metadata?.usage);
        return chunkFrame(ids, {}, "stop") + (usage ? usageFrame(ids, usage) : "") + DONE_FRAME;
      }
      if (e.event === "error") {
        ended = true;
        return errorFrame(
          typeof e.message === "string" ? e.message : "Dify stream error",
          String(e.code ?? "dify_error"),
        );
      }
      return "";
    },
    /** `head`: the body when it held no event (an error answered as JSON). */
    end(head: string | null): string {
      if (ended || head === null) return "";
      let message = "Dify answered without a stream";
      try {
        const j = JSON.parse(head) as { message?: unknown };
        if (typeof j.message === "string") message = j.message;
      } catch {
        /* not JSON */
      }
      return errorFrame(message, "dify_error");
    },
  };
}
