import "server-only";

// GET /v1/models and /v1/models/{id}: the models the token may use — served by a channel of its
// group (or virtual models with such an actual model), inside its model limits, and priced (unless
// self-use mode or the owner accepts unpriced).
import type { ServerResponse } from "node:http";
import type { RelayCaller } from "@/relay/kernel/context";
import { getPriceTable, priceModel } from "@/lib/server/ledger/pricing";
import { getRouting } from "@/lib/server/cache/channel-cache";
import { getOptions } from "@/lib/server/options/store";
import { virtualModels } from "@/relay/routing/select-channel";
import { sendJson } from "@/relay/kernel/http-io";
import { relayError } from "@/relay/kernel/error-codes";

const CREATED = 1626777600;

async function usableModels(caller: RelayCaller): Promise<string[]> {
  const routing = await getRouting();
  const table = await getPriceTable();
  const acceptUnset = !!caller.user.setting.accept_unset_model_ratio_model;
  const served = routing.abilities.get(caller.group);
  const usable = (m: string) => !!served?.has(m) && priceModel(table, m, caller.group, acceptUnset) !== null;
  const models = new Set([...(served?.keys() ?? [])].filter(usable));
  // A virtual model is listed when one of its actual models is usable.
  for (const [virtual, actual] of virtualModels((await getOptions()).get("ModelMapping"))) {
    if (actual.some(usable)) models.add(virtual);
  }
  return [...models].filter((m) => !caller.token?.modelLimits || caller.token.modelLimits.has(m)).sort();
}

function modelObject(id: string) {
  return { id, object: "model", created: CREATED, owned_by: "custom" };
}

/** Anthropic's list shape, for clients calling with x-api-key + anthropic-version. */
function anthropicList(ids: string[]) {
  const createdAt = new Date(CREATED * 1000).toISOString();
  const data = ids.map((id) => ({ type: "model", id, display_name: id, created_at: createdAt }));
  return { data, has_more: false, first_id: ids[0] ?? null, last_id: ids[ids.length - 1] ?? null };
}

export async function listModels(
  res: ServerResponse,
  caller: RelayCaller,
  requestId: string,
  anthropic = false,
): Promise<void> {
  const ids = await usableModels(caller);
  const body = anthropic ? anthropicList(ids) : { object: "list", data: ids.map(modelObject), success: true };
  sendJson(res, 200, JSON.stringify(body), requestId);
}

const geminiModel = (id: string) => ({
  name: `models/${id}`,
  displayName: id,
  supportedGenerationMethods: ["generateContent", "streamGenerateContent", "countTokens", "embedContent"],
});

/** GET /v1beta/models: the same models in the Gemini list shape. */
export async function listGeminiModels(res: ServerResponse, caller: RelayCaller, requestId: string): Promise<void> {
  const models = (await usableModels(caller)).map(geminiModel);
  sendJson(res, 200, JSON.stringify({ models, nextPageToken: null }), requestId);
}

/** GET /v1beta/models/{model} (the Gemini SDKs' models.get): one usable model in the Gemini shape. */
export async function retrieveGeminiModel(
  res: ServerResponse,
  caller: RelayCaller,
  id: string,
  requestId: string,
): Promise<void> {
  const name = id.replace(/^models\//, "");
  if (!(await usableModels(caller)).includes(name)) throw relayError("model_not_found", { id: name });
  sendJson(res, 200, JSON.stringify(geminiModel(name)), requestId);
}

export async function retrieveModel(
  res: ServerResponse,
  caller: RelayCaller,
  id: string,
  requestId: string,
): Promise<void> {
  if (!(await usableModels(caller)).includes(id)) {
    throw relayError("model_not_found", { id });
  }
  sendJson(res, 200, JSON.stringify(modelObject(id)), requestId);
}
