// GET /api/channel/fetch_models/{id} and POST /api/channel/fetch_models {base_url, type, key}: the
// model ids an upstream offers (first key only). OpenAI-style vendors list {base}/v1/models;
// Anthropic and Gemini have their own listings; other types are refused with a clear message.
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { open } from "@/lib/server/crypto/secret-box";
import { adapterFor } from "@/lib/server/relay/vendors";
import { UpstreamFailure, upstreamGetJson } from "@/lib/server/services/channels/upstream-get";
import { keysOf } from "@/lib/server/services/channels/channel-data";
import { normalizeBaseUrl } from "@/lib/channel-rules";

type Listing = {
  url: (base: string, key: string) => string;
  headers: (key: string) => Record<string, string>;
  base?: string;
};

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const NOT_OPENAI_STYLE = new Set([3, 8]);

function listingFor(type: number): Listing | null {
  if (type === 14)
    return {
      base: "https://api.anthropic.com",
      url: (b) => `${b}/v1/models?limit=1000`,
      headers: (key) => ({ "x-api-key": key, "anthropic-version": "2023-06-01" }),
    };
  if (type === 24)
    return {
      base: "https://generativelanguage.googleapis.com",
      url: (b) => `${b}/v1beta/models?pageSize=1000`,
      headers: (key) => ({ "x-goog-api-key": key }),
    };
  const adapter = adapterFor(type);
  if (!adapter || NOT_OPENAI_STYLE.has(type)) return null;
  const noV1 = type === 27;
  return { base: adapter.defaultBaseUrl, url: (b) => `${b}${noV1 ? "" : "/v1"}/models`, headers: bearer };
}

function modelIds(json: unknown): string[] {
  const j = json as { data?: unknown; models?: unknown };
  const list = Array.isArray(j) ? j : Array.isArray(j?.data) ? j.data : Array.isArray(j?.models) ? j.models : [];
  const ids = (list as unknown[]).map((m) => {
    if (typeof m === "string") return m;
    const o = m as { id?: unknown; name?: unknown };
    const id = typeof o?.id === "string" ? o.id : typeof o?.name === "string" ? o.name : "";
    return id.replace(/^models\//, "");
  });
  return [...new Set(ids.filter(Boolean))];
}

export async function fetchUpstreamModels(input: { type: number; baseUrl: string; key: string }): Promise<string[]> {
  const key = keysOf(input.key, input.type)[0];
  if (!key) throw new AppError("bad_request", "channel_key_required_fetch");
  const listing = listingFor(input.type);
  if (!listing) throw new AppError("bad_request", "channel_fetch_models_unsupported", { type: input.type });
  const base = normalizeBaseUrl(input.baseUrl) || listing.base || "";
  if (!base) throw new AppError("bad_request", "channel_base_url_required");
  try {
    return modelIds(await upstreamGetJson(listing.url(base, key), listing.headers(key), [key, input.key]));
  } catch (err) {
    if (err instanceof UpstreamFailure)
      throw new AppError("bad_request", "channel_fetch_models_failed", { reason: err.message });
    throw err;
  }
}

export async function fetchChannelModels(id: number): Promise<string[]> {
  const row = await db().channel.findUnique({ where: { id }, select: { type: true, baseUrl: true, key: true } });
  if (!row) throw new AppError("not_found", "channel_not_found");
  return fetchUpstreamModels({ type: row.type, baseUrl: row.baseUrl, key: open(row.key) });
}
