// The bookkeeping flush's log INSERTs: every row written once, in order, by statements of a few
// fixed shapes (SQLite keeps one compiled statement per shape).
import { insertLogs, logChunkSizes, type LogValues } from "@/lib/server/ledger/flush-sql";

function row(i: number): LogValues {
  return {
    createdAt: 1_700_000_000 + i,
    type: 2,
    content: `row ${i}`,
    userId: 1,
    username: "u",
    tokenName: "t",
    tokenId: 1,
    modelName: "m",
    quota: i,
    promptTokens: 1,
    completionTokens: 1,
    useTime: 0,
    isStream: false,
    channelId: 1,
    group: "default",
    ip: "",
    requestId: `r${i}`,
    upstreamRequestId: "",
    other: "{}",
  };
}

test("row counts are powers of two up to 128 that add up to the rows", () => {
  expect(logChunkSizes(0)).toEqual([]);
  expect(logChunkSizes(1)).toEqual([1]);
  expect(logChunkSizes(7)).toEqual([4, 2, 1]);
  expect(logChunkSizes(300)).toEqual([128, 128, 32, 8, 4]);
  for (let n = 0; n <= 1000; n++) {
    const sizes = logChunkSizes(n);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(n);
    for (const s of sizes) expect([1, 2, 4, 8, 16, 32, 64, 128]).toContain(s);
  }
});

test("1,000 rows of any count use at most eight statement texts, every row once and in order", () => {
  const texts = new Set<string>();
  for (const n of [1, 3, 77, 128, 129, 255, 400, 1000]) {
    const batches = insertLogs(Array.from({ length: n }, (_, i) => row(i)));
    for (const b of batches) texts.add(b.sql);
    const quotas = batches.flatMap((b) => b.params.filter((_, i) => i % 19 === 8));
    expect(quotas).toEqual(Array.from({ length: n }, (_, i) => i));
    for (const b of batches) expect(b.params.length).toBe(19 * (b.sql.match(/\(\?/g) ?? []).length);
  }
  expect(texts.size).toBeLessThanOrEqual(8);
});
