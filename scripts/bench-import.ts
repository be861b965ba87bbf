// `node --import ./scripts/server-only-hook.mjs --import tsx scripts/bench-import.ts [rows]`: the
// import of a new-api SQLite database with `rows` log rows (1,000,000 by default) into a fresh SQLite
// installation, timed, with the peak RSS sampled every 100 ms (the table is streamed in pages, so
// memory must stay flat). The source is the test fixture (__tests__/import/new-api-fixture.ts).
// docs/benchmarks.md "Import from new-api" holds the numbers.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createSqliteFixture } from "../__tests__/import/new-api-fixture";

const rows = Number(process.argv[2] ?? 1_000_000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-import-"));
process.env.DATA_DIR = path.join(dir, "data");
delete process.env.DATABASE_URL;

async function main(): Promise<void> {
  const source = path.join(dir, "new-api.db");
  let t = performance.now();
  createSqliteFixture(source, { logs: rows });
  const fixtureMs = performance.now() - t;
  const { migrate } = await import("./migrate.mjs");
  migrate({ quiet: true });
  const { importCommand } = await import("@/lib/server/import/import-command");
  let peak = process.memoryUsage().rss;
  const rssAtStart = peak;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  t = performance.now();
  const cpu = process.cpuUsage();
  const out: string[] = [];
  const code = await importCommand(["--from", source], {
    locale: "en",
    out: (l) => out.push(l),
    err: (l) => console.error(l),
    migrate: () => undefined,
  });
  const importMs = performance.now() - t;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  clearInterval(sampler);
  const mb = (b: number) => `${Math.round(b / 1048576)} MB`;
  console.log(out.filter((l) => /^(schema|logs |users|tokens|total)/.test(l)).join("\n"));
  console.log(
    `\n${rows.toLocaleString("en-US")} log rows: fixture written in ${(fixtureMs / 1000).toFixed(1)} s; ` +
      `import ${(importMs / 1000).toFixed(1)} s (${Math.round(rows / (importMs / 1000)).toLocaleString("en-US")} rows/s, ` +
      `${cpuSeconds.toFixed(1)} s of CPU), ` +
      `RSS ${mb(rssAtStart)} at start, peak ${mb(peak)}; source ${mb(fs.statSync(source).size)}, exit ${code}`,
  );
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(code);
}

void main();
