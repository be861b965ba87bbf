import "server-only";

// POST /api/ratio_sync/fetch: each upstream's prices (8 at a time), then what differs from ours.
// Nothing is saved: root picks values per model in the settings screen and saves them as any edit.
import { db } from "@/lib/server/db";
import { getOptions } from "@/lib/server/options/store";
import { channelPrivateAllowed } from "@/lib/server/net/channel-address";
import type { ServerMessageKey } from "@/lib/server/i18n/server-messages";
import { ratioDifferences, type SourceMaps } from "@/modules/pricing/ratios/ratio-differences";
import type { RatioSyncFetchBody, RatioSyncResult, SourceResult } from "@/modules/pricing/ratios/ratio-sync";
import { fetchRatioSource, SourceFailed, sourceUrl } from "@/modules/pricing/server/fetch-ratio-source";
import { readExposedRatios } from "@/modules/pricing/server/read-exposed-ratios";

const CONCURRENCY = 8;
const DEFAULT_TIMEOUT_S = 10;

type Source = { name: string; url: string };
type Translate = (key: ServerMessageKey, params?: Record<string, string | number>) => string;

/** The upstreams asked for: given whole, else the channels named (with a base URL), as new-api. */
async function sourcesOf(body: RatioSyncFetchBody): Promise<Source[]> {
  const label = (name: string, id?: number) => (id ? `${name}(${id})` : name);
  if (body.upstreams?.length) {
    return body.upstreams.map((u) => ({
      name: label(u.name, u.id),
      url: sourceUrl(u.base_url.trim(), (u.endpoint ?? "").trim()),
    }));
  }
  const ids = (body.channel_ids ?? []).filter((id) => id > 0);
  if (!ids.length) return [];
  const rows = await db().channel.findMany({
    where: { id: { in: ids }, baseUrl: { not: "" } },
    select: { id: true, name: true, baseUrl: true },
    orderBy: { id: "asc" },
  });
  return rows
    .filter((c) => /^https?:\/\//i.test(c.baseUrl))
    .map((c) => ({ name: label(c.name, c.id), url: sourceUrl(c.baseUrl, "") }));
}

async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** null when no upstream could be named (the route answers new-api's 无有效上游渠道). */
export async function fetchUpstreamRatios(body: RatioSyncFetchBody, t: Translate): Promise<RatioSyncResult | null> {
  const sources = await sourcesOf(body);
  if (!sources.length) return null;
  const allowPrivate = channelPrivateAllowed(await getOptions());
  const timeoutMs = (body.timeout || DEFAULT_TIMEOUT_S) * 1000;
  const fetched = await mapLimited(sources, CONCURRENCY, async (s) => {
    try {
      return { name: s.name, data: await fetchRatioSource(s.url, allowPrivate, timeoutMs) };
    } catch (err) {
      const why = err instanceof SourceFailed ? t(err.key, err.params) : t("ratio_sync_unreachable");
      return { name: s.name, error: why };
    }
  });
  const ok: SourceMaps[] = [];
  const test_results: SourceResult[] = [];
  for (const f of fetched) {
    if ("error" in f) test_results.push({ name: f.name, status: "error", error: f.error });
    else {
      test_results.push({ name: f.name, status: "success" });
      ok.push(f);
    }
  }
  return { differences: ratioDifferences(await readExposedRatios(), ok), test_results };
}
