import "server-only";

// Non-stream Claude responses both ways, Claude usage normalisation and the Claude error shape.
import { CLAUDE_WEB_SEARCH_USD_PER_K, type Usage } from "@/lib/server/ledger/pricing";
import type { RelayError } from "@/relay/kernel/errors";
import { joinBlocks, toolUsesToCalls, type Block } from "@/relay/vendors/anthropic/wire-blocks";
import type { Json } from "@/relay/kernel/format";
import { usageFromOpenAI, usageToOpenAI } from "@/relay/vendors/shared/openai-style/format";
import { ownValue } from "@/lib/own-keys";
import { usageCount } from "@/relay/kernel/usage-check";

type ClaudeUsage = {
  input_tokens?: unknown;
  output_tokens?: unknown;
  cache_read_input_tokens?: unknown;
  cache_creation_input_tokens?: unknown;
  /** Server tools (web_search); the stream taps flatten it to web_search_requests. */
  server_tool_use?: { web_search_requests?: unknown };
  web_search_requests?: unknown;
};

/** Claude usage -> Usage (prompt INCLUDES cache reads and cache creation; lib/server/ledger/pricing.ts).
 *  A field that is not a count comes out NaN, which checkedUsage refuses. */
export function usageFromClaude(u: unknown): Usage | null {
  const v = u as ClaudeUsage | null | undefined;
  if (!v || typeof v !== "object") return null;
  const input = usageCount(v.input_tokens);
  const read = usageCount(v.cache_read_input_tokens);
  const write = usageCount(v.cache_creation_input_tokens);
  const output = usageCount(v.output_tokens);
  if (input === 0 && read === 0 && write === 0 && output === 0) return null;
  // Not a count (NaN): no search is billed, as no usage field that is not a count is.
  const searches = usageCount(v.server_tool_use?.web_search_requests ?? v.web_search_requests);
  return {
    promptTokens: input + read + write,
    completionTokens: output,
    cachedTokens: read,
    ...(write !== 0 ? { cacheWriteTokens: write } : {}),
    // Anthropic bills each web search apart from the tokens (review N9).
    ...(searches > 0 ? { webSearch: { calls: searches, usdPerThousand: CLAUDE_WEB_SEARCH_USD_PER_K } } : {}),
  };
}

/** Folds one usage object of a Claude stream into `into` (message_start, then the cumulative
 *  message_delta): zeros never overwrite (some upstreams repeat input_tokens: 0 at the end), a value
 *  that is not a count is kept as NaN so the whole usage is refused. */
export function mergeClaudeUsage(into: Record<string, number>, u: unknown): void {
  if (!u || typeof u !== "object") return;
  for (const [k, v] of Object.entries(u as Record<string, unknown>)) {
    if (k === "server_tool_use" && v && typeof v === "object") {
      // cumulative like the token counts: the searches the server tools made so far (review N9)
      const n = usageCount((v as { web_search_requests?: unknown }).web_search_requests);
      if (n !== 0) into.web_search_requests = n;
      continue;
    }
    if (v === null || v === undefined || typeof v === "object") continue;
    const n = usageCount(v);
    if (n !== 0) into[k] = n;
  }
}

/** Usage -> Claude usage (input_tokens excludes the cache parts). */
export function usageToClaude(u: Usage): Json {
  const write = u.cacheWriteTokens ?? 0;
  return {
    input_tokens: Math.max(0, u.promptTokens - u.cachedTokens - write),
    output_tokens: u.completionTokens,
    cache_read_input_tokens: u.cachedTokens,
    cache_creation_input_tokens: write,
  };
}

export const STOP_TO_OPENAI: Record<string, string> = {
  end_turn: "stop",
  stop_sequence: "stop",
  pause_turn: "stop",
  max_tokens: "length",
  model_context_window_exceeded: "length",
  tool_use: "tool_calls",
  refusal: "content_filter",
};

export const FINISH_TO_CLAUDE: Record<string, string> = {
  stop: "end_turn",
  length: "max_tokens",
  tool_calls: "tool_use",
  function_call: "tool_use",
  content_filter: "refusal",
};

export function claudeResponseText(json: Json): string {
  return ((json.content as Block[] | undefined) ?? [])
    .map((b) =>
      b.type === "text"
        ? String(b.text ?? "")
        : b.type === "thinking"
          ? String(b.thinking ?? "")
          : b.type === "tool_use"
            ? JSON.stringify(b.input ?? {})
            : "",
    )
    .join("");
}

export function claudeToOpenAIResponse(json: Json, model: string): Json {
  const blocks = (json.content as Block[] | undefined) ?? [];
  const text = joinBlocks(blocks, "text");
  const thinking = joinBlocks(blocks, "thinking");
  const calls = toolUsesToCalls(blocks);
  const message: Json = { role: "assistant", content: text || (calls.length ? null : "") };
  if (thinking) message.reasoning_content = thinking;
  if (calls.length) message.tool_calls = calls;
  const usage = usageFromClaude(json.usage);
  return {
    id: `chatcmpl-${String(json.id ?? "").replace(/^msg_/, "") || "claude"}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: typeof json.model === "string" ? json.model : model,
    choices: [{ index: 0, message, finish_reason: ownValue(STOP_TO_OPENAI, String(json.stop_reason)) ?? "stop" }],
    ...(usage ? { usage: usageToOpenAI(usage) } : {}),
  };
}

/** OpenAI usage (cache writes as cached_creation_tokens, see usageToOpenAI) -> Claude usage. */
export function openAIUsageToClaude(u: unknown): Json {
  return usageToClaude(usageFromOpenAI(u) ?? { promptTokens: 0, completionTokens: 0, cachedTokens: 0 });
}

function parseArgs(args: unknown): unknown {
  if (typeof args !== "string") return args ?? {};
  try {
    return JSON.parse(args || "{}") as unknown;
  } catch {
    return {};
  }
}

export function openAIToClaudeResponse(json: Json, requestId: string, clientModel: string): Json {
  const choice = ((json.choices as Json[] | undefined) ?? [])[0] ?? {};
  const msg = (choice.message as Json | undefined) ?? {};
  const content: Block[] = [];
  const reasoning = msg.reasoning_content ?? msg.reasoning;
  if (typeof reasoning === "string" && reasoning)
    content.push({ type: "thinking", thinking: reasoning, signature: "" });
  if (typeof msg.content === "string" && msg.content) content.push({ type: "text", text: msg.content });
  for (const call of (msg.tool_calls as Json[] | undefined) ?? []) {
    const fn = (call.function as Json | undefined) ?? {};
    content.push({
      type: "tool_use",
      id: String(call.id ?? `toolu_${requestId}`),
      name: String(fn.name ?? ""),
      input: parseArgs(fn.arguments),
    });
  }
  const hasTools = content.some((b) => b.type === "tool_use");
  const finish = String(choice.finish_reason ?? "stop");
  return {
    id: `msg_${requestId}`,
    type: "message",
    role: "assistant",
    model: clientModel,
    content,
    stop_reason: hasTools ? "tool_use" : (ownValue(FINISH_TO_CLAUDE, finish) ?? "end_turn"),
    stop_sequence: null,
    usage: openAIUsageToClaude(json.usage),
  };
}

function claudeErrorType(status: number): string {
  if (status === 400) return "invalid_request_error";
  if (status === 401) return "authentication_error";
  if (status === 402) return "billing_error";
  if (status === 403) return "permission_error";
  if (status === 404) return "not_found_error";
  if (status === 413) return "request_too_large";
  if (status === 429) return "rate_limit_error";
  if (status === 529 || status === 503) return "overloaded_error";
  if (status >= 500) return "api_error";
  return "invalid_request_error";
}

export function claudeErrorBody(err: RelayError, requestId: string): string {
  return JSON.stringify({
    type: "error",
    error: { type: claudeErrorType(err.status), message: `${err.message} (request id: ${requestId})` },
    request_id: requestId,
  });
}
