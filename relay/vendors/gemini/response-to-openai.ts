import "server-only";

// Gemini answers -> OpenAI (non-stream and stream), the native stream tap, and usage.
// usageMetadata: promptTokenCount already includes cachedContentTokenCount (same as OpenAI's
// prompt_tokens), thinking tokens are billed as output (candidates + thoughts).
import type { Usage } from "@/lib/server/ledger/pricing";
import { usageToOpenAI } from "@/relay/vendors/shared/openai-style/format";
import { groundingCounter } from "@/relay/vendors/gemini/response-grounding";
import { dataFrame } from "@/relay/kernel/frames";
import type { ConvertOptions, Json, NativeStreamTap, StreamToOpenAI } from "@/relay/kernel/format";
import { parseJsonObject } from "@/relay/kernel/json";
import { ownValue } from "@/lib/own-keys";
import { usageCount } from "@/relay/kernel/usage-check";

type Part = {
  text?: string;
  thought?: boolean;
  functionCall?: { name?: string; args?: unknown; id?: string };
};
type Candidate = { content?: { parts?: Part[] }; finishReason?: string; index?: number };
type UsageMetadata = {
  promptTokenCount?: unknown;
  candidatesTokenCount?: unknown;
  thoughtsTokenCount?: unknown;
  cachedContentTokenCount?: unknown;
  toolUsePromptTokenCount?: unknown;
};

export function geminiUsage(u: unknown): Usage | null {
  const v = u as UsageMetadata | null | undefined;
  if (!v || typeof v !== "object") return null;
  // A field that is not a count makes its sum NaN: checkedUsage refuses the whole usage.
  const prompt = usageCount(v.promptTokenCount) + usageCount(v.toolUsePromptTokenCount);
  const completion = usageCount(v.candidatesTokenCount) + usageCount(v.thoughtsTokenCount);
  if (prompt === 0 && completion === 0) return null;
  const thoughts = usageCount(v.thoughtsTokenCount);
  return {
    promptTokens: prompt,
    completionTokens: completion,
    cachedTokens: usageCount(v.cachedContentTokenCount),
    ...(thoughts !== 0 ? { reasoningTokens: thoughts } : {}),
  };
}

/** Every FinishReason of the Gemini API; the malformed/unexpected tool-call ones and OTHER/NO_IMAGE
 *  have no OpenAI equivalent and end as "stop". */
const FINISH: Record<string, string> = {
  STOP: "stop",
  MAX_TOKENS: "length",
  SAFETY: "content_filter",
  RECITATION: "content_filter",
  LANGUAGE: "content_filter",
  BLOCKLIST: "content_filter",
  PROHIBITED_CONTENT: "content_filter",
  SPII: "content_filter",
  IMAGE_SAFETY: "content_filter",
  IMAGE_PROHIBITED_CONTENT: "content_filter",
  IMAGE_RECITATION: "content_filter",
  OTHER: "stop",
  NO_IMAGE: "stop",
  MALFORMED_FUNCTION_CALL: "stop",
  UNEXPECTED_TOOL_CALL: "stop",
  TOO_MANY_TOOL_CALLS: "stop",
};

export function finishReasonToOpenAI(reason: string | undefined, hasToolCalls: boolean): string | null {
  if (!reason || reason === "FINISH_REASON_UNSPECIFIED") return null;
  if (hasToolCalls && reason === "STOP") return "tool_calls";
  return ownValue(FINISH, reason) ?? "stop";
}

type Split = { text: string; reasoning: string; calls: { name: string; args: string; id?: string }[] };

function splitParts(parts: Part[] | undefined): Split {
  const s: Split = { text: "", reasoning: "", calls: [] };
  for (const p of parts ?? []) {
    if (p.functionCall)
      s.calls.push({
        name: p.functionCall.name ?? "",
        args: JSON.stringify(p.functionCall.args ?? {}),
        id: p.functionCall.id,
      });
    else if (typeof p.text === "string") {
      if (p.thought) s.reasoning += p.text;
      else s.text += p.text;
    }
  }
  return s;
}

const callId = (requestId: string, i: number, id?: string) => id || `call_${requestId}_${i}`;

function embeddingsToOpenAI(json: Json, o: ConvertOptions): Json {
  const list = Array.isArray(json.embeddings)
    ? (json.embeddings as { values?: number[] }[])
    : [(json.embedding as { values?: number[] } | undefined) ?? {}];
  return {
    object: "list",
    data: list.map((e, index) => ({ object: "embedding", embedding: e.values ?? [], index })),
    model: o.upstreamModel,
  };
}

export function toOpenAIResponse(json: Json, o: ConvertOptions): Json {
  if (o.mode === "embeddings") return embeddingsToOpenAI(json, o);
  const id = typeof json.responseId === "string" ? json.responseId : `${Date.now()}`;
  const choices = ((json.candidates as Candidate[] | undefined) ?? []).map((c, i) => {
    const s = splitParts(c.content?.parts);
    const message: Json = { role: "assistant", content: s.text || (s.calls.length ? null : "") };
    if (s.reasoning) message.reasoning_content = s.reasoning;
    if (s.calls.length)
      message.tool_calls = s.calls.map((call, k) => ({
        id: callId(id, k, call.id),
        type: "function",
        function: { name: call.name, arguments: call.args },
      }));
    return {
      index: c.index ?? i,
      message,
      finish_reason: finishReasonToOpenAI(c.finishReason, s.calls.length > 0) ?? "stop",
    };
  });
  const usage = geminiUsage(json.usageMetadata);
  return {
    id: `chatcmpl-${id}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: typeof json.modelVersion === "string" ? json.modelVersion : o.upstreamModel,
    choices,
    ...(usage ? { usage: usageToOpenAI(usage) } : {}),
  };
}

const parseChunk = (data: string): Json | null => parseJsonObject(data);

/** Gemini's last chunk of a stream carries a candidate's finishReason (and the whole usage). */
const finishes = (chunk: Json): boolean =>
  ((chunk.candidates as Candidate[] | undefined) ?? []).some((c) => typeof c?.finishReason === "string");

export function streamToOpenAI(o: ConvertOptions & { requestId: string }): StreamToOpenAI {
  let usage: Usage | null = null;
  let final = false;
  let started = false;
  let calls = 0;
  const created = Math.floor(Date.now() / 1000);
  const grounding = groundingCounter();
  return {
    push(event) {
      const chunk = parseChunk(event.data);
      if (!chunk) return [];
      usage = geminiUsage(chunk.usageMetadata) ?? usage;
      grounding.note(chunk);
      if (finishes(chunk)) final = true;
      const out: Json[] = [];
      for (const [i, c] of ((chunk.candidates as Candidate[] | undefined) ?? []).entries()) {
        const s = splitParts(c.content?.parts);
        const delta: Json = {};
        if (!started) delta.role = "assistant";
        if (s.text) delta.content = s.text;
        if (s.reasoning) delta.reasoning_content = s.reasoning;
        if (s.calls.length)
          delta.tool_calls = s.calls.map((call) => {
            const index = calls++;
            return {
              index,
              id: callId(o.requestId, index, call.id),
              type: "function",
              function: { name: call.name, arguments: call.args },
            };
          });
        const finish = finishReasonToOpenAI(c.finishReason, calls > 0);
        if (!Object.keys(delta).length && !finish) continue;
        started = true;
        out.push({
          id: `chatcmpl-${o.requestId}`,
          object: "chat.completion.chunk",
          created,
          model: typeof chunk.modelVersion === "string" ? chunk.modelVersion : o.upstreamModel,
          choices: [{ index: c.index ?? i, delta, finish_reason: finish }],
        });
      }
      return out;
    },
    end: () => [],
    usage: () => grounding.bill(usage),
    final: () => final,
  };
}

/** Generated text of one Gemini response or chunk (text, thoughts, call arguments). */
export function responseText(json: Json): string {
  let text = "";
  for (const c of (json.candidates as Candidate[] | undefined) ?? []) {
    const s = splitParts(c.content?.parts);
    text += s.text + s.reasoning + s.calls.map((x) => x.name + x.args).join("");
  }
  return text;
}

/** Gemini client on a Gemini channel: each chunk forwarded verbatim, usage and text tapped. */
export function nativeStream(): NativeStreamTap {
  let usage: Usage | null = null;
  let final = false;
  let text = "";
  const grounding = groundingCounter();
  return {
    push(event) {
      const chunk = parseChunk(event.data);
      if (chunk) {
        usage = geminiUsage(chunk.usageMetadata) ?? usage;
        grounding.note(chunk);
        if (finishes(chunk)) final = true;
        text += responseText(chunk);
      }
      return event.data ? [dataFrame(event.data)] : [];
    },
    end: () => [],
    usage: () => grounding.bill(usage),
    final: () => final,
    text: () => text,
  };
}
