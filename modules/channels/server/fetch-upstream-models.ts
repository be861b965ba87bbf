import "server-only";

// GET /api/channel/fetch_models/{id} and POST /api/channel/fetch_models {base_url, type, key}: the
// model ids an upstream offers (first key only). The vendor's models.ts says where and how (relay/vendors,
// looked up by the registry from the catalogue's `modelsApi`); other types are refused. The GET is ours,
// through the outbound address guard (upstream-get.ts).
// Only model ids come back, never upstream text: a failure names its category (HTTP status,
// unreachable, …), so an admin cannot use the form to read what an internal address answers.
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { open } from "@/lib/server/crypto/secret-box";
import { UpstreamFailure, upstreamGetJson } from "@/modules/channels/server/upstream-get";
import { keysOf } from "@/modules/channels/server/channel-data";
import { normalizeBaseUrl } from "@/lib/channel-rules";
import { channelTypeInfo } from "@/lib/channel-types";
import { modelListingFor } from "@/relay/public";

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
  const listing = modelListingFor(input.type);
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
