import "server-only";

// One table's copy: read it page by page, map each row, write the page (unless a dry run). Memory
// holds one page at a time, whatever the table's size.
import { ImportError } from "@/lib/server/import/import-error";
import { emptyTableReport, skip, type TableReport } from "@/lib/server/import/report";
import type { SourceReader } from "@/lib/server/import/source";
import type { MapContext, TableImport } from "@/lib/server/import/table-import";
import type { TargetWriter } from "@/lib/server/import/target";
import type { TargetRow, TargetTable } from "@/lib/server/import/target-tables";

export const PAGE_ROWS = 1_000;

export type Progress = (table: string, done: number, total: number) => void;

export type CopyOptions = {
  source: SourceReader;
  target: TargetWriter | null;
  ctx: MapContext;
  since?: { column: string; min: number };
  progress?: Progress;
  /** Aborted (Ctrl-C): the copy stops at the next page, and the run wipes what it wrote. */
  signal?: AbortSignal;
  /** Called with every row written (the consistency check sums what it expects). */
  onRow?: (table: TargetTable, row: TargetRow) => void;
  /**
   * Called with the id of every row left behind, for tables that keep the source's ids: new rows must
   * never take such an id (old logs name it: a skipped token's or subscription's id would come to mean
   * a new one). TargetWriter.moveSequences raises the sequences above them.
   */
  onSkippedId?: (table: TargetTable, id: number) => void;
};

export async function copyTable(spec: TableImport, o: CopyOptions): Promise<TableReport> {
  const report = emptyTableReport(spec.source);
  const started = performance.now();
  const present = o.ctx.schema.tables.get(spec.source);
  if (!present) {
    report.absent = true;
    return report;
  }
  const columns = spec.columns.filter((c) => present.has(c));
  const keepsIds = spec.target.serialId === true && columns.includes("id");
  const total = o.progress ? await o.source.count(spec.source, o.since) : 0;
  const pages = o.source.pages({
    table: spec.source,
    columns,
    batch: PAGE_ROWS,
    key: spec.key,
    orderBy: spec.orderBy,
    since: o.since,
  });
  for await (const page of pages) {
    // A page of the SQLite reader and writer is all synchronous work: without a turn of the event
    // loop here, Ctrl-C (a signal handler) and the progress line would wait for the whole table.
    await new Promise((resolve) => setImmediate(resolve));
    if (o.signal?.aborted) throw new ImportError("import_interrupted");
    const main: TargetRow[] = [];
    const extra = new Map<TargetTable, TargetRow[]>();
    for (const sourceRow of page) {
      report.read++;
      const mapped = spec.map(sourceRow, o.ctx);
      if ("skip" in mapped) {
        skip(report, mapped.skip);
        const id = Number(sourceRow.id);
        if (keepsIds && Number.isSafeInteger(id) && id > 0) o.onSkippedId?.(spec.target, id);
        continue;
      }
      main.push(mapped.row);
      o.onRow?.(spec.target, mapped.row);
      for (const [table, row] of mapped.also ?? []) {
        const list = extra.get(table) ?? [];
        list.push(row);
        extra.set(table, list);
        o.onRow?.(table, row);
      }
    }
    const merged = mergeRows(spec.target, main);
    for (let i = merged.length; i < main.length; i++)
      o.ctx.note(spec.source, "a row summed into another of the same bucket");
    if (o.target) {
      await o.target.insert(spec.target, merged);
      for (const [table, rows] of extra) await o.target.insert(table, rows);
    }
    report.imported += main.length;
    o.progress?.(spec.source, report.read, total);
  }
  report.ms = performance.now() - started;
  return report;
}

/** The page's rows with those equal on the table's merge key summed into one (see TargetTable.merge). */
export function mergeRows(table: TargetTable, rows: TargetRow[]): TargetRow[] {
  if (!table.merge) return rows;
  const { key, sum } = table.merge;
  const byKey = new Map<string, TargetRow>();
  for (const row of rows) {
    const k = JSON.stringify(key.map((c) => String(row[c])));
    const seen = byKey.get(k);
    if (!seen) byKey.set(k, { ...row });
    else
      for (const c of sum) {
        const [x, y] = [seen[c], row[c]];
        seen[c] = typeof x === "number" && typeof y === "number" ? x + y : BigInt(x as bigint) + BigInt(y as bigint);
      }
  }
  return [...byKey.values()];
}
