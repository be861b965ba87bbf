import "server-only";

// OpenAI answers -> Gemini answers for a Gemini client (non-stream, stream, errors, embeddings).
// The stream ends with a chunk carrying finishReason and usageMetadata; Gemini streams have no [DONE].
import type { Usage } from "@/lib/server/ledger/pricing";
import type { RelayError } from "@/relay/kernel/errors";
import { usageFromOpenAI } from "@/relay/vendors/shared/openai-style/format";
import { dataFrame } from "@/relay/kernel/frames";
import type { ConvertOptions, Json, StreamFromOpenAI } from "@/relay/kernel/format";
import { parseJsonObject } from "@/relay/kernel/json";
import { ownValue } from "@/lib/own-keys";

type ToolCall = { index?: number; id?: string; function?: { name?: string; arguments?: string } };
type Message = { content?: unknown; reasoning_content?: string; tool_calls?: ToolCall[] };

const FINISH: Record<string, string> = {
  stop: "STOP",
  length: "MAX_TOKENS",
  content_filter: "SAFETY",
  tool_calls: "STOP",
  function_call: "STOP",
};
export const finishReasonToGemini = (r: unknown): string => (typeof r === "string" && ownValue(FINISH, r)) || "STOP";

const parseArgs = (args: string | undefined): Json => parseJsonObject(args || "{}") ?? {};

/** Usage -> usageMetadata: reasoning tokens are Gemini's thoughtsTokenCount (outside candidates). */
export function usageMetadata(u: Usage): Json {
  const thoughts = Math.min(u.reasoningTokens ?? 0, u.completionTokens);
  return {
    promptTokenCount: u.promptTokens,
    candidatesTokenCount: u.completionTokens - thoughts,
    totalTokenCount: u.promptTokens + u.completionTokens,
    ...(thoughts ? { thoughtsTokenCount: thoughts } : {}),
    ...(u.cachedTokens ? { cachedContentTokenCount: u.cachedTokens } : {}),
  };
}

function messageParts(m: Message | undefined): Json[] {
  const parts: Json[] = [];
  if (m?.reasoning_content) parts.push({ text: m.reasoning_content, thought: true });
  if (typeof m?.content === "string" && m.content) parts.push({ text: m.content });
  for (const c of m?.tool_calls ?? [])
    parts.push({ functionCall: { name: c.function?.name ?? "", args: parseArgs(c.function?.arguments) } });
  return parts.length ? parts : [{ text: "" }];
}

export function fromOpenAIResponse(json: Json, o: ConvertOptions & { requestId: string; clientModel: string }): Json {
  if (o.mode === "embeddings") {
    const list = ((json.data as { embedding?: number[]; index?: number }[] | undefined) ?? [])
      .slice()
      .sort((a, b) => (a.index ?? 0) - (b.index ?? 0))
      .map((d) => ({ values: d.embedding ?? [] }));
    return o.path?.endsWith(":batchEmbedContents") ? { embeddings: list } : { embedding: list[0] ?? { values: [] } };
  }
  const choices = (json.choices as { index?: number; message?: Message; finish_reason?: string }[] | undefined) ?? [];
  const usage = usageFromOpenAI(json.usage);
  return {
    candidates: choices.map((c, i) => ({
      content: { role: "model", parts: messageParts(c.message) },
      finishReason: finishReasonToGemini(c.finish_reason),
      index: c.index ?? i,
    })),
    ...(usage ? { usageMetadata: usageMetadata(usage) } : {}),
    modelVersion: o.clientModel,
    responseId: o.requestId,
  };
}

export function streamFromOpenAI(o: ConvertOptions & { requestId: string; clientModel: string }): StreamFromOpenAI {
  const calls = new Map<number, { name: string; args: string }>();
  let finish: unknown = null;
  const frame = (parts: Json[], extra: Json = {}) =>
    dataFrame({
      candidates: [{ content: { role: "model", parts }, index: 0, ...extra }],
      modelVersion: o.clientModel,
      responseId: o.requestId,
    });
  return {
    push(chunk) {
      const frames: string[] = [];
      for (const c of (chunk.choices as { delta?: Message; finish_reason?: string }[] | undefined) ?? []) {
        const d = c.delta;
        const parts: Json[] = [];
        if (d?.reasoning_content) parts.push({ text: d.reasoning_content, thought: true });
        if (typeof d?.content === "string" && d.content) parts.push({ text: d.content });
        // Arguments arrive in pieces; Gemini sends whole calls: collected and sent with the last chunk.
        for (const t of d?.tool_calls ?? []) {
          const k = t.index ?? 0;
          const cur = calls.get(k) ?? { name: "", args: "" };
          if (t.function?.name) cur.name = t.function.name;
          cur.args += t.function?.arguments ?? "";
          calls.set(k, cur);
        }
        if (c.finish_reason) finish = c.finish_reason;
        if (parts.length) frames.push(frame(parts));
      }
      return frames;
    },
    end(usage) {
      const parts = [...calls.values()].map((c) => ({ functionCall: { name: c.name, args: parseArgs(c.args) } }));
      return [
        dataFrame({
          candidates: [
            {
              content: { role: "model", parts: parts.length ? parts : [{ text: "" }] },
              finishReason: finishReasonToGemini(finish),
              index: 0,
            },
          ],
          usageMetadata: usageMetadata(usage),
          modelVersion: o.clientModel,
          responseId: o.requestId,
        }),
      ];
    },
  };
}

const STATUS: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHENTICATED",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  413: "INVALID_ARGUMENT",
  429: "RESOURCE_EXHAUSTED",
  501: "UNIMPLEMENTED",
  503: "UNAVAILABLE",
  504: "DEADLINE_EXCEEDED",
};

export function geminiStatus(code: number): string {
  return STATUS[code] ?? (code >= 500 ? "INTERNAL" : "INVALID_ARGUMENT");
}

export function errorBody(err: RelayError, requestId: string): string {
  return JSON.stringify({
    error: { code: err.status, message: `${err.message} (request id: ${requestId})`, status: geminiStatus(err.status) },
  });
}
