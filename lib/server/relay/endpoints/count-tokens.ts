import "server-only";

// Token counting without generation: POST /v1/messages/count_tokens (Claude Code calls it before
// long turns) and Gemini's POST /v1beta/models/{model}:countTokens. Counts whose first channel speaks
// the client's dialect (Anthropic, Gemini) are asked of that channel (count-tokens-native.ts, exact); the others
// are answered from the local tokenizer (o200k, after converting the request to the OpenAI shape
// every dialect shares), an estimate of the vendor's own tokenizer. Nothing is billed.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RelayCaller } from "@/lib/server/relay/auth/auth";
import { relayError } from "@/lib/server/relay/error-codes";
import { claudeFormat } from "@/lib/server/relay/vendors/anthropic/format";
import { geminiFormat } from "@/lib/server/relay/vendors/gemini/format";
import type { ChatFormat, Json } from "@/lib/server/relay/vendors/format-types";
import { sendJson } from "@/lib/server/relay/entry/http-io";
import { readJsonBody } from "@/lib/server/relay/endpoints/openai-text";
import { exactPromptTokens } from "@/lib/server/relay/settle/tokenize";
import { getOptions } from "@/lib/server/options/store";
import { countOnChannel } from "@/lib/server/relay/endpoints/count-tokens-native";

export const CLAUDE_COUNT_PATH = "/v1/messages/count_tokens";
export const GEMINI_COUNT_PATH = /^\/v1(?:beta)?\/models\/([^/]+?):countTokens$/;

export const isCountTokensPath = (path: string): boolean => path === CLAUDE_COUNT_PATH || GEMINI_COUNT_PATH.test(path);

/** The model named by the request: the body's (Claude) or the path's (Gemini). */
function modelOf(path: string, body: Json): string {
  const m = path.match(GEMINI_COUNT_PATH);
  if (!m) return typeof body.model === "string" ? body.model.trim() : "";
  try {
    return decodeURIComponent(m[1]!).trim();
  } catch {
    return "";
  }
}

export async function countTokens(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: { path: string; caller: RelayCaller; requestId: string },
): Promise<void> {
  const gemini = ctx.path !== CLAUDE_COUNT_PATH;
  const format: ChatFormat = gemini ? geminiFormat : claudeFormat;
  const raw = await readJsonBody(req);
  let body = raw;
  // countTokens accepts either {contents, ...} or a whole {generateContentRequest: {...}}.
  const wrapped = body.generateContentRequest;
  if (gemini && wrapped && typeof wrapped === "object" && !Array.isArray(wrapped)) body = wrapped as Json;
  if (gemini && !Array.isArray(body.contents)) body = { ...body, contents: [] };
  const model = modelOf(ctx.path, body);
  format.inspect(gemini ? body : { ...body, max_tokens: undefined }, "chat");
  const limits = ctx.caller.token?.modelLimits;
  if (limits && !limits.has(model)) throw relayError("model_not_allowed", { model });
  const options = await getOptions();
  // The channel gets the body as sent (a Gemini one wrapped or not).
  const native = await countOnChannel(gemini ? "gemini" : "claude", raw, model, ctx.caller, req.headers, options);
  if (native !== null) return sendJson(res, 200, native, ctx.requestId);
  const openai = format.toOpenAIRequest(body, { mode: "chat", upstreamModel: model, stream: false, options });
  const tokens = await exactPromptTokens(openai);
  const answer = gemini ? { totalTokens: tokens } : { input_tokens: tokens };
  sendJson(res, 200, JSON.stringify(answer), ctx.requestId);
}
