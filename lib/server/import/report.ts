import "server-only";

// The report of a run: per table rows read, imported, skipped (the first 20 reasons), notes (what was
// dropped or changed, counted) and the time taken; the detected schema; the unknown options.
export const MAX_REASONS = 20;

export type TableReport = {
  table: string;
  /** The source has no such table (an older generation, or one-api). */
  absent: boolean;
  read: number;
  imported: number;
  skipped: number;
  reasons: string[];
  notes: Map<string, number>;
  ms: number;
};

export type ImportReport = {
  source: string;
  product: string;
  version: string;
  dryRun: boolean;
  logs: string;
  tables: TableReport[];
  /** Tables of the source this gateway does not import, with their row counts. */
  notImported: Array<{ table: string; rows: number }>;
  ms: number;
};

export function emptyTableReport(table: string): TableReport {
  return { table, absent: false, read: 0, imported: 0, skipped: 0, reasons: [], notes: new Map(), ms: 0 };
}

export function skip(report: TableReport, reason: string): void {
  report.skipped++;
  if (report.reasons.length < MAX_REASONS) report.reasons.push(reason);
}

const n = (x: number) => x.toLocaleString("en-US");

/** The report as text lines (tables aligned; reasons and notes indented under their table). */
export function formatReport(r: ImportReport): string[] {
  const lines = [
    `source:  ${r.source}`,
    `schema:  ${r.version}`,
    `logs:    ${r.logs}${r.dryRun ? "   (dry run: nothing written)" : ""}`,
    "",
    `${"table".padEnd(20)}${"read".padStart(12)}${"imported".padStart(12)}${"skipped".padStart(10)}${"time".padStart(10)}`,
  ];
  for (const t of r.tables) {
    if (t.absent) {
      lines.push(`${t.table.padEnd(20)}${"(not in the source)".padStart(34)}`);
      continue;
    }
    lines.push(
      `${t.table.padEnd(20)}${n(t.read).padStart(12)}${n(t.imported).padStart(12)}${n(t.skipped).padStart(10)}${`${(t.ms / 1000).toFixed(2)} s`.padStart(10)}`,
    );
    for (const reason of t.reasons) lines.push(`    skipped: ${reason}`);
    if (t.skipped > t.reasons.length) lines.push(`    … and ${n(t.skipped - t.reasons.length)} more skipped`);
    for (const [note, count] of t.notes) lines.push(`    note: ${note}${count > 1 ? ` (×${n(count)})` : ""}`);
  }
  if (r.notImported.length) {
    lines.push("", 'not imported (docs/import.md, "Tables not imported"):');
    for (const x of r.notImported) lines.push(`    ${x.table}: ${n(x.rows)} rows`);
  }
  lines.push("", `total time: ${(r.ms / 1000).toFixed(2)} s`);
  return lines;
}
