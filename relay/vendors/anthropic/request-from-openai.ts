import "server-only";

// Channel side of the Claude format: an OpenAI chat request -> an Anthropic Messages request
// (built the way new-api builds it), and a native /v1/messages body prepared for an Anthropic channel.
import {
  defaultMaxTokens,
  EFFORT_BUDGET,
  THINKING_SUFFIX,
  thinkingAdapterEnabled,
  thinkingBudgetShare,
} from "@/relay/vendors/anthropic/request-options";
import type { ConvertOptions, Json } from "@/relay/kernel/format";
import { ownValue } from "@/lib/own-keys";
import { refuseType } from "@/relay/vendors/shared/convert-guard";
import { checkChatConvertible, type ChatTarget } from "@/relay/vendors/shared/openai-style/request-convertible";

/** What Anthropic Messages carries of OpenAI chat: no audio; text must not be empty. */
const CLAUDE_TARGET: ChatTarget = { parts: ["text", "image_url", "file"], nonEmpty: true };

type Block = Json & { type: string };
type Msg = { role: "user" | "assistant"; content: string | Block[] };

/** web_search_options.search_context_size -> the Claude web search tool's max_uses. */
const WEB_SEARCH_USES: Record<string, number> = { low: 1, medium: 5, high: 10 };

const DATA_URL = /^data:([^;,]+)(?:;[^,]*)?;base64,(.*)$/s;

/** An OpenAI image URL -> a Claude image/document block. Remote URLs are passed as a `url` source
 * for Anthropic to fetch: the gateway never fetches client-supplied URLs (no SSRF surface). */
function mediaBlock(url: string): Block | null {
  const m = DATA_URL.exec(url);
  if (m) {
    const type = m[1] === "application/pdf" ? "document" : "image";
    return { type, source: { type: "base64", media_type: m[1], data: m[2] } };
  }
  if (/^https?:\/\//i.test(url)) return { type: "image", source: { type: "url", url } };
  return null;
}

function partsToBlocks(content: unknown): Block[] {
  if (typeof content === "string") return content ? [{ type: "text", text: content }] : [];
  if (!Array.isArray(content)) return [];
  const out: Block[] = [];
  for (const p of content as Json[]) {
    if (p?.type === "text" && typeof p.text === "string" && p.text) out.push({ type: "text", text: p.text });
    else if (p?.type === "image_url") {
      const iu = p.image_url as Json | string | undefined;
      const url = typeof iu === "string" ? iu : typeof iu?.url === "string" ? iu.url : "";
      const b = mediaBlock(url);
      if (b) out.push(b);
    } else if (p?.type === "file") {
      const data = (p.file as Json | undefined)?.file_data;
      const b = typeof data === "string" ? mediaBlock(data) : null;
      if (b) out.push(b);
    }
  }
  return out;
}

const textOf = (content: unknown): string =>
  typeof content === "string"
    ? content
    : Array.isArray(content)
      ? (content as Json[])
          .filter((p) => p?.type === "text")
          .map((p) => String(p.text ?? ""))
          .join("\n")
      : "";

function parseArgs(args: unknown): unknown {
  if (typeof args !== "string") return args ?? {};
  try {
    return JSON.parse(args || "{}") as unknown;
  } catch {
    return {};
  }
}

function convertOne(m: Json): Msg | null {
  if (m.role === "tool" || m.role === "function") {
    // An empty result is a tool_result without content (Claude refuses an empty text).
    const text = textOf(m.content);
    const block: Block = {
      type: "tool_result",
      tool_use_id: String(m.tool_call_id ?? m.name ?? ""),
      ...(text ? { content: text } : {}),
    };
    return { role: "user", content: [block] };
  }
  if (m.role === "assistant") {
    const blocks = partsToBlocks(m.content);
    for (const call of (m.tool_calls as Json[] | undefined) ?? []) {
      const fn = (call.function as Json | undefined) ?? {};
      blocks.push({
        type: "tool_use",
        id: String(call.id ?? ""),
        name: String(fn.name ?? ""),
        input: parseArgs(fn.arguments),
      });
    }
    if (!blocks.length) return { role: "assistant", content: "..." };
    return { role: "assistant", content: typeof m.content === "string" && !m.tool_calls ? m.content : blocks };
  }
  if (m.role === "user") {
    if (typeof m.content === "string") return { role: "user", content: m.content || "..." };
    const blocks = partsToBlocks(m.content);
    return { role: "user", content: blocks.length ? blocks : "..." };
  }
  return null;
}

const asBlocks = (c: string | Block[]): Block[] => (typeof c === "string" ? [{ type: "text", text: c }] : c);

/** Consecutive same-role messages are merged (Claude requires alternating roles). */
function mergeSameRole(msgs: Msg[]): Msg[] {
  const out: Msg[] = [];
  for (const m of msgs) {
    const last = out[out.length - 1];
    if (!last || last.role !== m.role) out.push({ ...m });
    else if (typeof last.content === "string" && typeof m.content === "string")
      last.content = `${last.content}\n${m.content}`;
    else last.content = [...asBlocks(last.content), ...asBlocks(m.content)];
  }
  return out;
}

function toolChoice(tc: unknown): Json | undefined {
  if (tc === "auto") return { type: "auto" };
  if (tc === "required") return { type: "any" };
  if (tc === "none") return { type: "none" };
  const name = ((tc as Json | undefined)?.function as Json | undefined)?.name;
  return typeof name === "string" ? { type: "tool", name } : undefined;
}

/** max_tokens default and the `-thinking` suffix adapter, shared by conversion and native calls. */
function applyModelRules(out: Json, o: ConvertOptions): void {
  let model = o.upstreamModel;
  const adapt = model.endsWith(THINKING_SUFFIX) && thinkingAdapterEnabled(o.options);
  if (adapt) model = model.slice(0, -THINKING_SUFFIX.length);
  out.model = model;
  if (typeof out.max_tokens !== "number" || out.max_tokens <= 0) out.max_tokens = defaultMaxTokens(o.options, model);
  if (adapt) {
    const max = Math.max(out.max_tokens as number, 1280);
    out.max_tokens = max;
    out.thinking = { type: "enabled", budget_tokens: Math.floor(max * thinkingBudgetShare(o.options)) };
    out.temperature = 1;
    delete out.top_p;
    delete out.top_k;
  }
}

export function openAIToClaudeRequest(body: Json, o: ConvertOptions): Json {
  checkChatConvertible(body, CLAUDE_TARGET);
  const system: Block[] = [];
  const msgs: Msg[] = [];
  for (const m of (body.messages as Json[] | undefined) ?? []) {
    if (m?.role === "system" || m?.role === "developer") {
      const t = textOf(m.content);
      if (t) system.push({ type: "text", text: t });
      continue;
    }
    const c = m && convertOne(m);
    if (c) msgs.push(c);
  }
  const messages = mergeSameRole(msgs);
  if (!messages.length) refuseType("messages", "at least one user or assistant message");
  if (messages[0]?.role !== "user") messages.unshift({ role: "user", content: "..." });
  const out: Json = { model: o.upstreamModel, messages };
  if (system.length) out.system = system;
  const max = body.max_completion_tokens ?? body.max_tokens;
  if (typeof max === "number" && max > 0) out.max_tokens = max;
  for (const k of ["temperature", "top_p", "top_k"]) if (typeof body[k] === "number") out[k] = body[k];
  if (typeof body.stop === "string") out.stop_sequences = [body.stop];
  else if (Array.isArray(body.stop) && body.stop.length) out.stop_sequences = body.stop;
  if (Array.isArray(body.tools) && body.tools.length) {
    out.tools = (body.tools as Json[])
      .map((t) => (t.function as Json | undefined) ?? null)
      .filter((f): f is Json => !!f && typeof f.name === "string")
      .map((f) => ({
        name: f.name,
        ...(typeof f.description === "string" ? { description: f.description } : {}),
        input_schema: f.parameters ?? { type: "object", properties: {} },
      }));
    const choice = toolChoice(body.tool_choice);
    if (choice) out.tool_choice = choice;
    if (body.parallel_tool_calls === false)
      out.tool_choice = {
        ...((out.tool_choice as Json | undefined) ?? { type: "auto" }),
        disable_parallel_tool_use: true,
      };
  }
  // Structured output: OpenAI's json_schema response format is Claude's output_config.format.
  const rf = body.response_format as Json | undefined;
  const schema = (rf?.json_schema as Json | undefined)?.schema;
  if (rf?.type === "json_schema" && schema && typeof schema === "object")
    out.output_config = { format: { type: "json_schema", schema } };
  const search = body.web_search_options as Json | undefined;
  if (search && typeof search === "object") {
    const size = typeof search.search_context_size === "string" ? search.search_context_size : "medium";
    const tool = { type: "web_search_20250305", name: "web_search", max_uses: ownValue(WEB_SEARCH_USES, size) ?? 5 };
    out.tools = [...((out.tools as Json[] | undefined) ?? []), tool];
  }
  if (typeof body.user === "string" && body.user) out.metadata = { user_id: body.user };
  if (o.stream) out.stream = true;
  applyModelRules(out, o);
  const effort = typeof body.reasoning_effort === "string" ? ownValue(EFFORT_BUDGET, body.reasoning_effort) : undefined;
  if (effort && !out.thinking) {
    out.thinking = { type: "enabled", budget_tokens: effort };
    // Claude requires max_tokens > budget_tokens and temperature 1 while thinking.
    if ((out.max_tokens as number) <= effort) out.max_tokens = effort + 1024;
    out.temperature = 1;
    delete out.top_p;
    delete out.top_k;
  }
  return out;
}

export function prepareClaudeNative(body: Json, o: ConvertOptions): Json {
  const out: Json = { ...body };
  applyModelRules(out, o);
  return out;
}
