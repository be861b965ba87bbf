import "server-only";

// `npm run import:new-api`: a new-api/one-api database into this fresh installation. The order:
// recognise the source, refuse a target in use, copy the table groups (one transaction each), move
// the sequences on, check what landed, mark setup done. Any error after the first write wipes what
// was written (the target was fresh), so nothing is left half-imported. docs/import.md.
import { detectSchema } from "@/lib/server/import/detect-schema";
import { ImportError } from "@/lib/server/import/import-error";
import { ACCOUNT_TABLES } from "@/lib/server/import/map-accounts";
import { SECURITY_TABLES } from "@/lib/server/import/map-security";
import { SUBSCRIPTION_TABLES } from "@/lib/server/import/map-subscriptions";
import { CHANNEL_TABLES } from "@/lib/server/import/map-channels";
import { LOG_TABLE, REDEMPTION_TABLES, TASK_TABLES, USAGE_TABLES } from "@/lib/server/import/map-records";
import { copyTable, type Progress } from "@/lib/server/import/copy-table";
import { Expected } from "@/lib/server/import/check-consistency";
import type { ImportReport, TableReport } from "@/lib/server/import/report";
import type { SourceReader } from "@/lib/server/import/source";
import type { MapContext, TableImport } from "@/lib/server/import/table-import";
import type { TargetWriter } from "@/lib/server/import/target";
import { TARGET, WIPE_ORDER } from "@/lib/server/import/target-tables";

export type LogsChoice = "all" | "none" | number;

export type RunOptions = {
  source: SourceReader;
  /** null: a dry run (read, validate, map; write nothing). */
  target: TargetWriter | null;
  logs: LogsChoice;
  seal: (plain: string) => string;
  sha256: (value: string) => string;
  version: string;
  progress?: Progress;
  signal?: AbortSignal;
  now?: number;
};

/** Tables of a source this import leaves behind (counted in the report): docs/import.md. */
const NOT_IMPORTED = ["subscription_pre_consume_records"] as const;

function groups(logs: LogsChoice): Array<readonly TableImport[]> {
  return [
    ACCOUNT_TABLES,
    SUBSCRIPTION_TABLES,
    SECURITY_TABLES,
    CHANNEL_TABLES,
    REDEMPTION_TABLES,
    logs === "none" ? [] : [LOG_TABLE],
    USAGE_TABLES,
    TASK_TABLES,
  ];
}

export async function runImport(o: RunOptions): Promise<ImportReport> {
  const started = performance.now();
  const now = o.now ?? Math.floor(Date.now() / 1000);
  const schema = await detectSchema(o.source);
  const target = o.target;
  if (target) {
    const reason = await target.inUse();
    if (reason) throw new ImportError(reason === "set_up" ? "import_target_set_up" : "import_target_has_users");
  }
  const notes = new Map<string, Map<string, number>>();
  const ctx: MapContext = {
    product: schema.product,
    schema,
    now,
    userIds: new Set(),
    deletedUserIds: new Set(),
    channelIds: new Set(),
    disabledChannels: new Set(),
    usernames: new Map(),
    seal: o.seal,
    sha256: o.sha256,
    note: (table, text) => {
      const m = notes.get(table) ?? new Map<string, number>();
      m.set(text, (m.get(text) ?? 0) + 1);
      notes.set(table, m);
    },
  };
  const expected = new Expected();
  const optionKeys: string[] = [];
  const since = typeof o.logs === "number" ? { column: "created_at", min: now - o.logs * 86_400 } : undefined;
  const tables: TableReport[] = [];
  /** Per target table, the largest id of a source row left behind (copy-table.ts onSkippedId). */
  const skippedIds = new Map<string, number>();
  let wrote = false;
  try {
    for (const group of groups(o.logs)) {
      if (target) await target.begin();
      wrote = !!target;
      try {
        for (const spec of group) {
          const report = await copyTable(spec, {
            source: o.source,
            target,
            ctx,
            progress: o.progress,
            signal: o.signal,
            since: spec === LOG_TABLE ? since : undefined,
            onSkippedId: (table, id) => skippedIds.set(table.name, Math.max(id, skippedIds.get(table.name) ?? 0)),
            onRow: (table, row) => {
              expected.add(table, row);
              if (table === TARGET.options) optionKeys.push(String(row.key));
            },
          });
          report.notes = notes.get(spec.source) ?? report.notes;
          tables.push(report);
        }
        if (target) await target.commit();
      } catch (err) {
        if (target) await target.rollback();
        throw err;
      }
    }
    if (target) await finish(target, expected, o.version, schema.version, now, skippedIds);
  } catch (err) {
    if (target && wrote)
      await target.wipe(
        WIPE_ORDER.map((n) => TARGET[n]),
        optionKeys,
      );
    throw err;
  }
  const notImported: ImportReport["notImported"] = [];
  for (const table of NOT_IMPORTED)
    if (schema.has(table)) notImported.push({ table, rows: await o.source.count(table) });
  return {
    source: o.source.label,
    product: schema.product,
    version: schema.version,
    dryRun: !target,
    logs: o.logs === "all" ? "all" : o.logs === "none" ? "none" : `last ${o.logs} days`,
    tables,
    notImported,
    ms: performance.now() - started,
  };
}

/** Sequences, the consistency check and the setups row, in one last transaction. */
async function finish(
  target: TargetWriter,
  expected: Expected,
  gatewayVersion: string,
  sourceVersion: string,
  now: number,
  skippedIds: ReadonlyMap<string, number>,
): Promise<void> {
  await target.begin();
  try {
    await target.moveSequences(Object.values(TARGET), skippedIds);
    await expected.check(
      target,
      WIPE_ORDER.filter((n) => n !== "setups").map((n) => TARGET[n]),
    );
    await target.insert(TARGET.setups, [
      { id: 1, version: `${gatewayVersion} (imported from ${sourceVersion})`.slice(0, 200), initializedAt: now },
    ]);
    await target.commit();
  } catch (err) {
    await target.rollback();
    throw err;
  }
}
