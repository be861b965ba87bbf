import "server-only";

// GET /api/channel/fetch_models/{id} and POST /api/channel/fetch_models {base_url, type, key}: the
// model ids an upstream offers (first key only). The vendor catalogue's `modelsApi` says how
// (OpenAI-style {base}/v1/models, Anthropic's or Gemini's listing); other types are refused.
// Only model ids come back, never upstream text: a failure names its category (HTTP status,
// unreachable, …), so an admin cannot use the form to read what an internal address answers.
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { open } from "@/lib/server/crypto/secret-box";
import { UpstreamFailure, upstreamGetJson } from "@/modules/channels/server/upstream-get";
import { keysOf } from "@/modules/channels/server/channel-data";
import { normalizeBaseUrl } from "@/lib/channel-rules";
import { channelTypeInfo, vendorPath, type ModelsApi, type VendorEntry } from "@/lib/channel-types";

type Listing = {
  url: (base: string, key: string, vendor: VendorEntry | undefined) => string;
  headers: (key: string) => Record<string, string>;
};

const LISTINGS: Record<ModelsApi, Listing> = {
  openai: {
    url: (b, _key, vendor) => `${b}${vendorPath(vendor, "/v1/models")}`,
    headers: (key) => ({ authorization: `Bearer ${key}` }),
  },
  anthropic: {
    url: (b) => `${b}/v1/models?limit=1000`,
    headers: (key) => ({ "x-api-key": key, "anthropic-version": "2023-06-01" }),
  },
  gemini: {
    url: (b) => `${b}/v1beta/models?pageSize=1000`,
    headers: (key) => ({ "x-goog-api-key": key }),
  },
  // docs.cohere.com/reference/list-models: {models: [{name}], next_page_token}; 1000 is the page maximum.
  cohere: {
    url: (b) => `${b}/v1/models?page_size=1000`,
    headers: (key) => ({ authorization: `Bearer ${key}` }),
  },
  // Ollama's installed models: GET /api/tags -> {models: [{name, model}]} (no auth of its own).
  ollama: {
    url: (b) => `${b}/api/tags`,
    headers: (key) => ({ authorization: `Bearer ${key}` }),
  },
};

const MAX_ID = 200;
const MAX_IDS = 10_000;

function modelIds(json: unknown): string[] {
  const j = json as { data?: unknown; models?: unknown };
  const list = Array.isArray(j) ? j : Array.isArray(j?.data) ? j.data : Array.isArray(j?.models) ? j.models : [];
  const ids = (list as unknown[]).map((m) => {
    if (typeof m === "string") return m;
    const o = m as { id?: unknown; name?: unknown };
    const id = typeof o?.id === "string" ? o.id : typeof o?.name === "string" ? o.name : "";
    return id.replace(/^models\//, "");
  });
  return [...new Set(ids.filter((id) => id && id.length <= MAX_ID && !/[\u0000-\u001f]/.test(id)))].slice(0, MAX_IDS);
}

export async function fetchUpstreamModels(input: { type: number; baseUrl: string; key: string }): Promise<string[]> {
  const key = keysOf(input.key, input.type)[0];
  if (!key) throw new AppError("bad_request", "channel_key_required_fetch");
  const vendor = channelTypeInfo(input.type);
  const listing = vendor?.modelsApi ? LISTINGS[vendor.modelsApi] : null;
  if (!listing) throw new AppError("bad_request", "channel_fetch_models_unsupported", { type: input.type });
  const base = normalizeBaseUrl(input.baseUrl) || vendor?.defaultBaseUrl || "";
  if (!base) throw new AppError("bad_request", "channel_base_url_required");
  try {
    return modelIds(await upstreamGetJson(listing.url(base, key, vendor), listing.headers(key), [key, input.key]));
  } catch (err) {
    if (err instanceof UpstreamFailure && err.category === "private_address")
      throw new AppError("bad_request", "channel_base_url_private");
    if (err instanceof UpstreamFailure)
      throw new AppError("bad_request", "channel_fetch_models_failed", { reason: err.category });
    throw err;
  }
}

export async function fetchChannelModels(id: number): Promise<string[]> {
  const row = await db().channel.findUnique({ where: { id }, select: { type: true, baseUrl: true, key: true } });
  if (!row) throw new AppError("not_found", "channel_not_found");
  return fetchUpstreamModels({ type: row.type, baseUrl: row.baseUrl, key: open(row.key) });
}
