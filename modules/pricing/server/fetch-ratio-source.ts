import "server-only";

// One upstream of the price sync: GET its /api/ratio_config (or the endpoint given), under the rules
// of a channel address (the same ChannelPrivateAddressEnabled policy: these URLs are channels' base
// URLs or addresses root types in), no redirects, a deadline and a cap on the body. The answer is
// either new-api's ratio_config ({model_ratio: {...}, ...}) or its /api/pricing list, and is
// reduced to finite, non-negative numbers for at most MAX_MODELS names of at most 200 characters.
import { request } from "undici";
import { channelAgent, channelUrlAllowed, assertChannelTarget } from "@/lib/server/net/channel-address";
import type { ServerMessageKey } from "@/lib/server/i18n/server-messages";
import { RATIO_TYPES, type RatioMaps, type RatioType } from "@/modules/pricing/ratios/ratio-sync";

const MAX_BYTES = 4 * 1024 * 1024;
const MAX_MODELS = 20_000;
const DEFAULT_ENDPOINT = "/api/ratio_config";

/** Why an upstream gave nothing: a server message key (shown to root in its language), or the upstream's own message. */
export class SourceFailed extends Error {
  constructor(
    readonly key: ServerMessageKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
    this.name = "SourceFailed";
  }
}

/** The URL new-api would call: an absolute endpoint as it is, else base URL + endpoint. */
export function sourceUrl(baseUrl: string, endpoint: string): string {
  if (/^https?:\/\//i.test(endpoint)) return endpoint;
  const path = !endpoint ? DEFAULT_ENDPOINT : endpoint.startsWith("/") ? endpoint : `/${endpoint}`;
  return baseUrl.replace(/\/+$/, "") + path;
}

async function readCapped(body: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > MAX_BYTES) throw new SourceFailed("ratio_sync_too_large", { mb: MAX_BYTES / 1024 / 1024 });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

async function getJson(url: string, allowPrivate: boolean, timeoutMs: number): Promise<unknown> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new SourceFailed("ratio_sync_bad_url");
  }
  if (!/^https?:$/.test(parsed.protocol) || parsed.username || parsed.password)
    throw new SourceFailed("ratio_sync_bad_url");
  try {
    assertChannelTarget(url, allowPrivate);
  } catch {
    throw new SourceFailed("ratio_sync_address_refused");
  }
  if (!(await channelUrlAllowed(url, allowPrivate))) throw new SourceFailed("ratio_sync_address_refused");
  let res;
  try {
    res = await request(parsed, {
      method: "GET",
      headers: { accept: "application/json", "user-agent": "ai-gateway-ratio-sync" },
      dispatcher: channelAgent(allowPrivate),
      signal: AbortSignal.timeout(timeoutMs),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
  } catch (err) {
    const name = err instanceof Error ? err.name : "";
    throw new SourceFailed(
      name === "TimeoutError" || name === "AbortError" ? "ratio_sync_timeout" : "ratio_sync_unreachable",
    );
  }
  if (res.statusCode !== 200) {
    res.body.resume();
    throw new SourceFailed("ratio_sync_http_status", { status: res.statusCode });
  }
  const text = await readCapped(res.body as AsyncIterable<Buffer>).catch((err: unknown) => {
    throw err instanceof SourceFailed ? err : new SourceFailed("ratio_sync_unreachable");
  });
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new SourceFailed("ratio_sync_unparsable");
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);
const usableName = (name: string) => name.length > 0 && name.length <= 200;
const usableValue = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v) && v >= 0;

function numberMap(v: unknown): Record<string, number> {
  const out: Record<string, number> = Object.create(null) as Record<string, number>;
  if (!isObject(v)) return out;
  let n = 0;
  for (const [name, value] of Object.entries(v)) {
    if (n >= MAX_MODELS) break;
    if (!usableName(name) || !usableValue(value)) continue;
    out[name] = value;
    n++;
  }
  return out;
}

/** new-api's /api/pricing rows: quota_type 1 is a per-call price, else ratio + completion ratio. */
function fromPricingList(rows: unknown[]): Partial<RatioMaps> {
  const maps: Partial<RatioMaps> = {};
  const put = (type: RatioType, name: string, value: unknown) => {
    if (!usableValue(value)) return;
    (maps[type] ??= Object.create(null) as Record<string, number>)[name] = value;
  };
  for (const row of rows.slice(0, MAX_MODELS)) {
    if (!isObject(row) || typeof row.model_name !== "string" || !usableName(row.model_name)) continue;
    if (row.quota_type === 1) put("model_price", row.model_name, row.model_price);
    else {
      put("model_ratio", row.model_name, row.model_ratio);
      put("completion_ratio", row.model_name, row.completion_ratio);
    }
  }
  return maps;
}

/** The upstream's price maps, or SourceFailed with a short reason shown to root. */
export async function fetchRatioSource(
  url: string,
  allowPrivate: boolean,
  timeoutMs: number,
): Promise<Partial<RatioMaps>> {
  const body = await getJson(url, allowPrivate, timeoutMs);
  if (!isObject(body)) throw new SourceFailed("ratio_sync_unparsable");
  if (body.success !== true) {
    const message = typeof body.message === "string" ? body.message.slice(0, 200) : "";
    throw new SourceFailed("ratio_sync_upstream_refused", { message });
  }
  const data = body.data;
  if (isObject(data) && RATIO_TYPES.some((t) => t in data)) {
    const maps: Partial<RatioMaps> = {};
    for (const t of RATIO_TYPES) if (t in data) maps[t] = numberMap(data[t]);
    return maps;
  }
  if (Array.isArray(data)) return fromPricingList(data);
  throw new SourceFailed("ratio_sync_unparsable");
}
