import "server-only";

// The command behind `npm run import:new-api` (scripts/import-new-api.ts is its thin entry): the
// arguments, the target (migrated first, unless a dry run), the run, the report, and the exit code:
// 0 done, 1 refused with one line in the operator's language.
import { env } from "@/lib/env";
import { seal, sha256Hex } from "@/lib/server/crypto/secret-box";
import { serverMessage } from "@/lib/server/i18n/server-messages";
import type { Locale } from "@/lib/i18n/config";
import { ImportError } from "@/lib/server/import/import-error";
import { openSource } from "@/lib/server/import/open-source";
import { formatReport } from "@/lib/server/import/report";
import { runImport, type LogsChoice } from "@/lib/server/import/run-import";
import type { Progress } from "@/lib/server/import/copy-table";
import type { TargetWriter } from "@/lib/server/import/target";

type Args = { from: string; dryRun: boolean; logs: LogsChoice };

export type CommandIo = {
  locale: Locale;
  out: (line: string) => void;
  err: (line: string) => void;
  /** Applies the migrations to the configured database (scripts/migrate.mjs). */
  migrate: () => void;
  progress?: Progress;
  /** Ctrl-C or SIGTERM: the run stops between pages and removes what it wrote. */
  signal?: AbortSignal;
};

export function parseImportArgs(argv: readonly string[]): Args {
  const args: Args = { from: "", dryRun: false, logs: "all" };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const eq = a.indexOf("=");
    const name = eq > 0 ? a.slice(0, eq) : a;
    const value = () => (eq > 0 ? a.slice(eq + 1) : (argv[++i] ?? ""));
    if (name === "--from") args.from = value();
    else if (name === "--dry-run") args.dryRun = true;
    else if (name === "--logs") {
      const v = value();
      if (v === "all" || v === "none") args.logs = v;
      else if (/^\d{1,5}$/.test(v)) args.logs = Number(v);
      else throw new ImportError("import_bad_logs", { value: v });
    } else throw new ImportError("import_bad_argument", { arg: a });
  }
  if (!args.from) throw new ImportError("import_usage");
  return args;
}

async function openTarget(): Promise<TargetWriter> {
  const { DATABASE_URL, databaseType } = env();
  if (databaseType === "postgres")
    return (await import("@/lib/server/import/postgres-target")).openPostgresTarget(DATABASE_URL);
  return (await import("@/lib/server/import/sqlite-target")).openSqliteTarget(DATABASE_URL.replace(/^file:/, ""));
}

export async function importCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  try {
    const args = parseImportArgs(argv);
    const source = await openSource(args.from);
    let target: TargetWriter | null = null;
    try {
      if (!args.dryRun) {
        io.migrate();
        target = await openTarget();
      }
      const report = await runImport({
        source,
        target,
        logs: args.logs,
        seal,
        sha256: sha256Hex,
        version: env().VERSION,
        progress: io.progress,
        signal: io.signal,
      });
      for (const line of formatReport(report)) io.out(line);
      const summary = report.tables
        .filter((t) => !t.absent)
        .map((t) => `${t.table} ${t.imported}`)
        .join(", ");
      const seconds = (report.ms / 1000).toFixed(1);
      io.out(serverMessage(io.locale, args.dryRun ? "import_dry_run_done" : "import_done", { seconds, summary }));
      return 0;
    } finally {
      await target?.close();
      await source.close();
    }
  } catch (err) {
    if (err instanceof ImportError) {
      io.err(serverMessage(io.locale, err.key, err.params));
      return 1;
    }
    const reason = err instanceof Error ? err.message.split("\n")[0]! : String(err);
    io.err(serverMessage(io.locale, "import_failed", { reason }));
    return 1;
  }
}
