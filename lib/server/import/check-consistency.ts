import "server-only";

// The final check: what landed in the target equals what was mapped (row counts of every table, user
// quota and used quota, token remaining quota, plans' quota, subscriptions' total and used quota). Any
// difference stops the import, which is then wiped.
import { ImportError } from "@/lib/server/import/import-error";
import type { TargetWriter } from "@/lib/server/import/target";
import type { TargetRow, TargetTable } from "@/lib/server/import/target-tables";

const SUMS: Readonly<Record<string, readonly string[]>> = {
  users: ["quota", "usedQuota"],
  tokens: ["remainQuota", "usedQuota"],
  channels: ["usedQuota"],
  redemptions: ["quota"],
  subscription_plans: ["totalAmount"],
  user_subscriptions: ["amountTotal", "amountUsed"],
};

/** Counts and sums of the rows written, as the run goes. */
export class Expected {
  private readonly counts = new Map<string, bigint>();
  private readonly sums = new Map<string, bigint>();

  add(table: TargetTable, row: TargetRow): void {
    this.counts.set(table.name, (this.counts.get(table.name) ?? 0n) + 1n);
    for (const column of SUMS[table.name] ?? []) {
      const k = `${table.name}.${column}`;
      this.sums.set(k, (this.sums.get(k) ?? 0n) + BigInt(row[column] as bigint | number));
    }
  }

  async check(target: TargetWriter, tables: readonly TargetTable[]): Promise<void> {
    const compare = async (what: string, sql: string, expected: bigint) => {
      const actual = await target.scalar(sql);
      if (actual !== expected)
        throw new ImportError("import_check_failed", { what, actual: String(actual), expected: String(expected) });
    };
    // quota_data merges colliding buckets and options may pre-exist: their counts are not comparable.
    for (const t of tables.filter((x) => x.name !== "quota_data" && x.name !== "options"))
      await compare(`${t.name} rows`, `SELECT count(*) FROM "${t.name}"`, this.counts.get(t.name) ?? 0n);
    for (const [table, columns] of Object.entries(SUMS))
      for (const column of columns)
        await compare(
          `Σ ${table}.${column}`,
          `SELECT COALESCE(SUM("${column}"), 0) FROM "${table}"`,
          this.sums.get(`${table}.${column}`) ?? 0n,
        );
  }
}
