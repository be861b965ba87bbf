import "server-only";

// Token counting without generation: POST /v1/messages/count_tokens (Claude Code calls it before
// long turns) and Gemini's POST /v1beta/models/{model}:countTokens. Counts whose first channel speaks
// the client's dialect (Anthropic, Gemini) are asked of that channel (count-tokens-native.ts, exact); the others
// are answered from the local tokenizer (o200k, after converting the request to the OpenAI shape
// every dialect shares), an estimate of the vendor's own tokenizer. Nothing is billed, but counting
// is bounded like any relay call (review 3, N8): the user's and the token's rate limits apply, a key
// whose balance is empty is refused, and a body past EXACT_COUNT_MAX_BYTES is estimated (~1 ms per
// MB) instead of run through the exact tokenizer (seconds of CPU per MB).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RelayCaller } from "@/relay/kernel/context";
import { relayError } from "@/relay/kernel/error-codes";
import { claudeFormat } from "@/relay/vendors/anthropic/format";
import { geminiFormat } from "@/relay/vendors/gemini/format";
import type { ChatFormat, Json } from "@/relay/kernel/format";
import { sendJson } from "@/relay/kernel/http-io";
import { parseJsonBody } from "@/relay/kernel/read-request";
import { estimatePromptTokens, exactPromptTokens } from "@/relay/kernel/tokenize";
import { getOptions } from "@/lib/server/options/store";
import { countOnChannel } from "@/relay/entry/count-tokens-native";
import { env } from "@/lib/env";
import { readBody } from "@/relay/kernel/http-io";
import { applyRateLimits } from "@/relay/auth/protection";
import { refuseIllFormedModel } from "@/relay/entry/pipeline";
import { refund } from "@/lib/server/ledger/ledger";
import { reserveOrRefuse } from "@/relay/routing/reserve-quota";

/** Bodies up to this size are counted exactly; larger ones are estimated. */
export const EXACT_COUNT_MAX_BYTES = 256 * 1024;

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

/**
 * Counting is free, but only for a key that could be served: a reservation of one unit, given back at
 * once, refuses an empty user or token balance with the relay's own error (in the client's dialect).
 */
async function refuseEmptyBalance(caller: RelayCaller, headers: IncomingMessage["headers"]): Promise<void> {
  const token = caller.token;
  const reservation = await reserveOrRefuse(caller.user, token, token?.id ?? null, 1, { headers });
  await refund(reservation);
}

export async function countTokens(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: { path: string; caller: RelayCaller; requestId: string },
): Promise<void> {
  const gemini = ctx.path !== CLAUDE_COUNT_PATH;
  const format: ChatFormat = gemini ? geminiFormat : claudeFormat;
  const options = await getOptions();
  await applyRateLimits({ caller: ctx.caller, headers: req.headers, rateScopes: [] }, options);
  await refuseEmptyBalance(ctx.caller, req.headers);
  const bytes = await readBody(req, env().RELAY_MAX_BODY_MB * 1024 * 1024);
  const raw = await parseJsonBody(bytes);
  let body = raw;
  // countTokens accepts either {contents, ...} or a whole {generateContentRequest: {...}}.
  const wrapped = body.generateContentRequest;
  if (gemini && wrapped && typeof wrapped === "object" && !Array.isArray(wrapped)) body = wrapped as Json;
  if (gemini && !Array.isArray(body.contents)) body = { ...body, contents: [] };
  const model = modelOf(ctx.path, body);
  refuseIllFormedModel(model);
  format.inspect(gemini ? body : { ...body, max_tokens: undefined }, "chat");
  const limits = ctx.caller.token?.modelLimits;
  if (limits && !limits.has(model)) throw relayError("model_not_allowed", { model });
  // The channel gets the body as sent (a Gemini one wrapped or not).
  const native = await countOnChannel(gemini ? "gemini" : "claude", raw, model, ctx.caller, req.headers, options);
  if (native !== null) return sendJson(res, 200, native, ctx.requestId);
  const openai = format.toOpenAIRequest(body, { mode: "chat", upstreamModel: model, stream: false, options });
  const tokens = bytes.length > EXACT_COUNT_MAX_BYTES ? estimatePromptTokens(openai) : await exactPromptTokens(openai);
  const answer = gemini ? { totalTokens: tokens } : { input_tokens: tokens };
  sendJson(res, 200, JSON.stringify(answer), ctx.requestId);
}
