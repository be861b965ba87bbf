// `npm run import:new-api -- --from <source> [--dry-run] [--logs all|none|<days>]`: a new-api or
// one-api database into this fresh installation (README "Moving in from new-api or one-api",
// docs/import.md; the command itself is lib/server/import/import-command.ts). The messages follow
// LANG (zh* → Chinese); progress goes to stderr.
import { migrate } from "./migrate.mjs";
import { importCommand } from "@/lib/server/import/import-command";

/** Progress on stderr: a bar redrawn on a terminal, a line per 10 % otherwise (logs can be millions). */
function progress(): (table: string, done: number, total: number) => void {
  let last = 0;
  let lastTenth = -1;
  let lastTable = "";
  return (table, done, total) => {
    if (total < 10_000) return;
    if (table !== lastTable) [lastTable, lastTenth] = [table, -1];
    const share = Math.min(1, done / total);
    const counts = `${done.toLocaleString("en-US")}/${total.toLocaleString("en-US")}`;
    if (process.stderr.isTTY) {
      if (Date.now() - last < 200 && done < total) return;
      last = Date.now();
      const bar = "#".repeat(Math.round(share * 30)).padEnd(30, ".");
      process.stderr.write(`\r${table.padEnd(12)} [${bar}] ${counts}${done >= total ? "\n" : ""}`);
    } else if (Math.floor(share * 10) > lastTenth) {
      lastTenth = Math.floor(share * 10);
      process.stderr.write(`${table}: ${counts} (${lastTenth * 10} %)\n`);
    }
  };
}

const locale = /^zh/i.test(process.env.LC_ALL || process.env.LANG || "") ? "zh" : "en";
// Ctrl-C during a long table: stop at the next page and wipe, instead of leaving committed groups behind.
const interrupt = new AbortController();
for (const sig of ["SIGINT", "SIGTERM"] as const) process.once(sig, () => interrupt.abort());
void importCommand(process.argv.slice(2), {
  locale,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  migrate: () => void migrate({ quiet: true }),
  progress: progress(),
  signal: interrupt.signal,
}).then((code) => process.exit(code));
