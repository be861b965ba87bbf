import "server-only";

// POST /v1/images/generations (JSON) and /v1/images/edits (multipart): forwarded to OpenAI-format
// channels and answered as received.
// Billing: ModelPrice per call × n images (otherRatio = n). In ratio mode the upstream's usage is
// billed when it reports one (gpt-image-*: input/output tokens, covering all n images, so the n
// multiplier is dropped); otherwise the per-call fallback is the prompt's tokens (counted locally) × n.
// The reservation holds each image's output tokens (prompt-extras.ts imageOutputTokens) × n.
import type { AttemptInput, RelayEndpoint } from "@/relay/kernel/endpoint";
import { usageFromResponses } from "@/relay/endpoints/responses";
import {
  answerAsReceived,
  badBody,
  countedUsage,
  intField,
  jsonRequest,
  multipartRequest,
  open,
  parseJson,
  promptFacts,
  readAnswer,
  readMultipart,
} from "@/relay/endpoints/shared";
import { relayForwarded, type EventTap } from "@/relay/upstream/attempt-stream";
import { invalidRequest } from "@/relay/kernel/error-codes";
import type { Json } from "@/relay/kernel/format";
import type { Outcome } from "@/relay/kernel/outcome";
import { readJsonBody } from "@/relay/kernel/read-request";
import { checkWire } from "@/relay/kernel/wire-guard";
import { imagesSchema } from "@/relay/vendors/shared/openai-style/wire";
import { exactTextTokens } from "@/relay/kernel/tokenize";
import { imageOutputTokens } from "@/relay/kernel/prompt-extras";
import { checkedUsage } from "@/relay/kernel/usage-check";

export const DEFAULT_IMAGE_MODEL = "dall-e";

function facts(body: Json) {
  const prompt = typeof body.prompt === "string" ? body.prompt : "";
  // gpt-image-* stream partial images as SSE events (multipart: the field is the text "true").
  const f = promptFacts(body.model, prompt, { stream: body.stream === true || body.stream === "true" });
  // Ratio mode reserves each image's output tokens by its size and quality (review N9), times n
  // (otherRatio); ModelPrice mode reserves the price per image and ignores it.
  f.maxTokens = imageOutputTokens(body.size, body.quality);
  return f;
}

/** image_generation.completed / image_edit.completed carry the usage of the whole call. */
const imageTap: EventTap = (type, data) => {
  const j = parseJson(data);
  const t = type ?? (typeof j?.type === "string" ? j.type : "");
  if (t.endsWith(".completed")) return { usage: usageFromResponses(j?.usage) };
};

async function attemptImages(a: AttemptInput, multipart: boolean): Promise<Outcome> {
  const { ctx } = a;
  const request = multipart ? await multipartRequest(a) : jsonRequest(a);
  const { up, abort } = await open(a, request);
  const prompt = typeof ctx.body.prompt === "string" ? ctx.body.prompt : "";
  if (ctx.stream) {
    const out = await relayForwarded(a, up, abort, imageTap, () => exactTextTokens(prompt));
    if (!out.estimated && ctx.pricing.mode === "ratio") ctx.otherRatio = 1;
    return out;
  }
  const answer = await readAnswer(up, a);
  const firstResponseMs = Date.now() - ctx.startedAt;
  const json = parseJson(answer.text);
  if (!json) throw badBody();
  const reported = ctx.pricing.mode === "ratio" ? checkedUsage(usageFromResponses(json.usage), ctx.requestId) : null;
  if (reported) ctx.otherRatio = 1;
  return answerAsReceived(a, answer, firstResponseMs, reported, async () =>
    countedUsage(await exactTextTokens(prompt)),
  );
}

export const imageGenerationsEndpoint: RelayEndpoint = {
  format: "openai",
  mode: "images",
  defaultModel: DEFAULT_IMAGE_MODEL,
  async read(req) {
    const body = await readJsonBody(req);
    if (typeof body.prompt !== "string" || !body.prompt) throw invalidRequest("'prompt' is required", "invalid_prompt");
    checkWire(imagesSchema, body);
    return { body, facts: facts(body), otherRatio: intField(body.n, 1) };
  },
  attempt: (a) => attemptImages(a, false),
};

export const imageEditsEndpoint: RelayEndpoint = {
  format: "openai",
  mode: "image-edits",
  defaultModel: DEFAULT_IMAGE_MODEL,
  async read(req) {
    const m = await readMultipart(req);
    if (typeof m.fields.prompt !== "string" || !m.fields.prompt)
      throw invalidRequest("'prompt' is required", "invalid_prompt");
    return { body: m.fields, facts: facts(m.fields), raw: m.raw, otherRatio: intField(m.fields.n, 1) };
  },
  attempt: (a) => attemptImages(a, true),
};
