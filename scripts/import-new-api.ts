// `npm run import:new-api -- --from <source> [--dry-run] [--logs all|none|<days>]`: a new-api or
// one-api database into this fresh installation (README "Moving in from new-api or one-api",
// docs/import.md). Migrates the target first, prints the report, exits 1 with one line in the
// operator's language (LANG zh* → Chinese) on any refusal.
import { migrate } from "./migrate.mjs";
import { env } from "@/lib/env";
import { seal, sha256Hex } from "@/lib/server/crypto/secret-box";
import { serverMessage } from "@/lib/server/i18n/server-messages";
import { ImportError } from "@/lib/server/import/import-error";
import { openSource } from "@/lib/server/import/open-source";
import { formatReport } from "@/lib/server/import/report";
import { runImport, type LogsChoice } from "@/lib/server/import/run-import";
import type { TargetWriter } from "@/lib/server/import/target";

type Args = { from: string; dryRun: boolean; logs: LogsChoice };

function parseArgs(argv: readonly string[]): Args {
  const args: Args = { from: "", dryRun: false, logs: "all" };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const [name, inline] = a.includes("=") ? [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)] : [a, undefined];
    const value = () => inline ?? argv[++i] ?? "";
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

/** Progress on stderr: a bar redrawn on a terminal, a line per 10 % otherwise (logs can be millions). */
function progress(): (table: string, done: number, total: number) => void {
  let last = 0;
  let lastTenth = -1;
  return (table, done, total) => {
    if (total < 10_000) return;
    const share = Math.min(1, done / total);
    if (process.stderr.isTTY) {
      if (Date.now() - last < 200 && done < total) return;
      last = Date.now();
      const bar = "#".repeat(Math.round(share * 30)).padEnd(30, ".");
      process.stderr.write(
        `\r${table.padEnd(12)} [${bar}] ${done.toLocaleString("en-US")}/${total.toLocaleString("en-US")}${done >= total ? "\n" : ""}`,
      );
    } else if (Math.floor(share * 10) > lastTenth) {
      lastTenth = Math.floor(share * 10);
      process.stderr.write(
        `${table}: ${done.toLocaleString("en-US")}/${total.toLocaleString("en-US")} (${lastTenth * 10} %)\n`,
      );
    }
  };
}

async function main(): Promise<number> {
  const locale = /^zh/i.test(process.env.LC_ALL || process.env.LANG || "") ? "zh" : "en";
  try {
    const args = parseArgs(process.argv.slice(2));
    const source = await openSource(args.from);
    let target: TargetWriter | null = null;
    try {
      if (!args.dryRun) {
        migrate({ quiet: true });
        target = await openTarget();
      }
      const report = await runImport({
        source,
        target,
        logs: args.logs,
        seal,
        sha256: sha256Hex,
        version: env().VERSION,
        progress: progress(),
      });
      for (const line of formatReport(report)) console.log(line);
      const summary = report.tables
        .filter((t) => !t.absent)
        .map((t) => `${t.table} ${t.imported}`)
        .join(", ");
      const seconds = (report.ms / 1000).toFixed(1);
      console.log(serverMessage(locale, args.dryRun ? "import_dry_run_done" : "import_done", { seconds, summary }));
      return 0;
    } finally {
      await target?.close();
      await source.close();
    }
  } catch (err) {
    if (err instanceof ImportError) {
      console.error(serverMessage(locale, err.key, err.params));
      return 1;
    }
    const reason = err instanceof Error ? err.message.split("\n")[0]! : String(err);
    console.error(serverMessage(locale, "import_failed", { reason }));
    return 1;
  }
}

void main().then((code) => process.exit(code));
