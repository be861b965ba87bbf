import "server-only";

// GET /api/channel/update_balance/{id}/ (one channel, answered) and GET /api/channel/update_balance
// (every enabled single-key channel of a supported type, in the background). A zero or negative
// balance auto-disables the channel when auto-disable is on and the channel allows it. The periodic
// refresh (CHANNEL_UPDATE_FREQUENCY, server/cluster/jobs.ts) awaits the same pass. How a vendor reports
// its balance is its balance.ts (relay/vendors/<v>/, looked up by the registry); the GET itself is
// ours, through the outbound address guard (upstream-get.ts).
import { CHANNEL_STATUS } from "@/lib/constants";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { open } from "@/lib/server/crypto/secret-box";
import { logger } from "@/lib/server/logger";
import { getOptions } from "@/lib/server/options/store";
import { autoDisable, BALANCE_TYPES, balanceFetchFor } from "@/relay/public";
import { invalidateChannels, toCached } from "@/lib/server/cache/channel-cache";
import { singleton } from "@/lib/server/singleton";
import { redactSecrets, UpstreamFailure, upstreamGetJson } from "@/modules/channels/server/upstream-get";
import { normalizeBaseUrl } from "@/lib/channel-rules";

const running = singleton("channels.balance-all", () => ({ active: false }));

export async function updateChannelBalance(id: number): Promise<number> {
  const row = await db().channel.findUnique({ where: { id } });
  if (!row) throw new AppError("not_found", "channel_not_found");
  const provider = balanceFetchFor(row.type);
  if (!provider) throw new AppError("bad_request", "channel_balance_unsupported", { type: row.type });
  const keys = open(row.key)
    .split("\n")
    .map((k) => k.trim())
    .filter(Boolean);
  if (keys.length !== 1) throw new AppError("bad_request", "channel_balance_multi_key");
  const key = keys[0]!;
  let balance: number;
  try {
    const base = normalizeBaseUrl(row.baseUrl) || provider.defaultBaseUrl;
    balance = await provider.fetch(base, key, (url, headers) => upstreamGetJson(url, headers, [key]));
  } catch (err) {
    const reason = err instanceof UpstreamFailure ? err.message : redactSecrets((err as Error).message, keys);
    throw new AppError("bad_request", "channel_balance_failed", { reason: reason.slice(0, 200) });
  }
  await db().channel.update({
    where: { id },
    data: { balance, balanceUpdatedTime: Math.floor(Date.now() / 1000) },
  });
  invalidateChannels();
  return balance;
}

async function updateAll(signal?: AbortSignal): Promise<void> {
  const types = BALANCE_TYPES;
  const rows = await db().channel.findMany({ where: { status: CHANNEL_STATUS.enabled, type: { in: types } } });
  const options = await getOptions();
  for (const row of rows) {
    if (signal?.aborted) return;
    try {
      const balance = await updateChannelBalance(row.id);
      if (balance <= 0 && row.autoBan === 1 && options.bool("AutomaticDisableChannelEnabled"))
        await autoDisable(toCached(row), 0, "余额不足");
    } catch (err) {
      // Multi-key and failing upstreams are skipped; the next run tries again.
      if (!(err instanceof AppError)) logger().warn({ err, channelId: row.id }, "balance update failed");
    }
  }
}

/** Starts the update of every balance; false when one is already running. */
export function startUpdateAllBalances(): boolean {
  if (running.active) return false;
  running.active = true;
  void updateAll().finally(() => {
    running.active = false;
  });
  return true;
}

/** One scheduled pass, awaited; false when a manual update-all is already running in this process. */
export async function updateAllBalancesScheduled(signal?: AbortSignal): Promise<boolean> {
  if (running.active) return false;
  running.active = true;
  try {
    await updateAll(signal);
    return true;
  } finally {
    running.active = false;
  }
}
