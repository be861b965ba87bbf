// Relay calls and measurements shared by the cluster tests (see cluster.ts).
import { MODEL, PRICE_USD, putOption, startCluster, type Cluster, type NodeName } from "./cluster";
import { startClusterUpstream, type ClusterUpstream } from "./cluster-upstream";

export type ChatResult = {
  node: NodeName;
  /** HTTP status, or 0 when the connection failed (instance down). */
  status: number;
  requestId: string;
  text: string;
  startedAt: number;
  endedAt: number;
};

/** One chat completion through an instance; never throws (a failed connection is status 0). */
export async function chat(
  cluster: Cluster,
  name: NodeName,
  key: string,
  extra: Record<string, unknown> = {},
): Promise<ChatResult> {
  const startedAt = Date.now();
  try {
    const res = await fetch(`${cluster.nodes[name].url}/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ model: MODEL, messages: [{ role: "user", content: "hi" }], ...extra }),
    });
    const text = await res.text();
    return {
      node: name,
      status: res.status,
      requestId: res.headers.get("x-request-id") ?? "",
      text,
      startedAt,
      endedAt: Date.now(),
    };
  } catch (err) {
    return { node: name, status: 0, requestId: "", text: String(err), startedAt, endedAt: Date.now() };
  }
}

/** Sum of every sample of a counter in a Prometheus text exposition, or null when it is absent. */
export function sumMetric(exposition: string, metric: string): number | null {
  let sum: number | null = null;
  for (const line of exposition.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const m = /^([a-zA-Z_:][\w:]*)(\{.*\})?\s+(\S+)/.exec(line);
    if (m && m[1] === metric) sum = (sum ?? 0) + Number(m[3]);
  }
  return sum;
}

/** Status histogram for failure messages: {"200": 50, "403": 450}. */
export function statusCounts(results: ChatResult[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of results) out[r.status] = (out[r.status] ?? 0) + 1;
  return out;
}

/**
 * One loopback upstream answering after `delayMs` (keeps requests in flight) and a cluster billed by
 * ModelPrice with one channel to it; `options` are put through A in order before the channel.
 */
export async function startPricedCluster(
  delayMs: number,
  options: [key: string, value: string][] = [],
  env?: Record<string, string>,
): Promise<{ cluster: Cluster; up: ClusterUpstream }> {
  const up = await startClusterUpstream("up", delayMs);
  const cluster = await startCluster({
    env,
    prepare: async (a) => {
      await putOption(a, "ModelPrice", JSON.stringify({ [MODEL]: PRICE_USD }));
      for (const [key, value] of options) await putOption(a, key, value);
      await a.createChannel({ name: "up", key: "sk-up", base_url: up.url, models: MODEL });
    },
  });
  return { cluster, up };
}
