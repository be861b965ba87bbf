// Reads the reports of one `npm test` run (jest --json files and the browser runner's --report files,
// all in one folder) and prints either
//   slowest N   the N slowest test files (jest) and browser specs, with their step
//   count       one line "N passed, N failed" over every report (a missing or unreadable report of
//               a step that crashed is that step's own failure, printed by scripts/test.sh)
import fs from "node:fs";
import path from "node:path";

const [mode, arg1, arg2] = process.argv.slice(2);
const dir = mode === "slowest" ? arg2 : arg1;
const reports = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .map((f) => ({ step: f.replace(/\.json$/, ""), report: JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) }));

function files() {
  const rows = [];
  for (const { step, report } of reports) {
    for (const t of report.testResults ?? [])
      rows.push({
        seconds: (t.endTime - t.startTime) / 1000,
        step,
        name: path.relative(process.cwd(), t.name),
        tests: t.assertionResults.length,
      });
    for (const s of report.specs ?? []) rows.push({ seconds: s.ms / 1000, step, name: s.file, tests: 1 });
  }
  return rows.sort((a, b) => b.seconds - a.seconds);
}

if (mode === "slowest") {
  for (const r of files().slice(0, Number(arg1)))
    process.stdout.write(`${r.seconds.toFixed(1).padStart(7)} s  ${r.step.padEnd(15)} ${r.name} (${r.tests})\n`);
} else if (mode === "count") {
  let passed = 0;
  let failed = 0;
  for (const { report } of reports) {
    passed += report.numPassedTests;
    failed += report.numFailedTests + (report.numRuntimeErrorTestSuites || 0);
  }
  process.stdout.write(`${passed} passed, ${failed} failed\n`);
} else {
  process.stderr.write("usage: test-report.mjs slowest N DIR | count DIR\n");
  process.exit(2);
}
