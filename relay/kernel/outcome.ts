import "server-only";
// What one answered attempt leaves to settle: the channel that answered, the model it ran, the usage
// (reported or counted) and the timings. Every endpoint builds one; settle/ turns it into a charge and a log.
import type { CachedChannel } from "@/lib/server/cache/channel-cache";
import type { Usage } from "@/lib/server/ledger/pricing";
import type { StreamStatus } from "@/relay/kernel/context";

export type Outcome = {
  channel: CachedChannel;
  upstreamModel: string;
  usage: Usage;
  /** Usage counted locally because the upstream sent none. */
  estimated: boolean;
  firstResponseMs: number;
  streamStatus?: StreamStatus;
};
