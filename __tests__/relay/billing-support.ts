// Shared by the billing relay tests: the single consume log of a token, read once the gateway has
// written it and settled its bookkeeping (balances flushed), so the test compares final numbers.
import type { Gateway } from "./gateway";

export type ConsumeLog = { quota: number; promptTokens: number; completionTokens: number };

export async function onlyConsumeLog(gw: Gateway, tokenId: number): Promise<ConsumeLog> {
  await gw.waitFor(
    async () => (await gw.sql("select 1 from logs where tokenId = ? and type = 2", tokenId)).length === 1,
  );
  await gw.settle();
  const [log] = await gw.sql<ConsumeLog>(
    "select quota, promptTokens, completionTokens from logs where tokenId = ? and type = 2",
    tokenId,
  );
  return log!;
}
