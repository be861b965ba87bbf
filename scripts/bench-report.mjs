// Report pieces of `npm run bench` (scripts/bench.mjs): document sections, the machine's CPU pressure,
// and the concurrency-1 streaming probe.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { longPromptTable } from "./bench-long-prompt.mjs";

export /** A "## heading" section of a document (up to the next "## "), or "". */
function sectionOf(doc, heading) {
  const at = doc.indexOf(`## ${heading}`);
  if (at < 0) return "";
  const next = doc.indexOf("\n## ", at + 3);
  return next < 0 ? doc.slice(at) : doc.slice(at, next + 1);
}

/** docs/benchmarks.md with its "Hot-path profile" section replaced: the last measured profile becomes
 * "before" (the old "after" if it has one, else the old "before"), `out` the new "after". */
export function profileDoc(oldDoc, out) {
  const oldSection = sectionOf(oldDoc, "Hot-path profile");
  const after = /### After\n([\s\S]*)$/.exec(oldSection)?.[1]?.trim() ?? "";
  const previous = after.includes("| self %")
    ? after
    : (/### Before\n([\s\S]*?)### After/.exec(oldSection)?.[1]?.trim() ?? "");
  const section = `## Hot-path profile

\`npm run bench -- --profile\` (scripts/bench-profile.mjs): one worker pinned to CPU 0 under wrk c=50 with
--cpu-prof, top frames by self time (idle excluded), measured on ${new Date().toISOString().slice(0, 10)}.

### Before

${previous || "(no earlier profile)"}

### After

${out.trim()}
`;
  return oldSection ? oldDoc.replace(oldSection, section) : `${oldDoc.trimEnd()}\n\n${section}`;
}

export /** CPU pressure over the last minute (Linux PSI), to say how busy the machine was. */
function cpuPressure() {
  try {
    return /avg60=([\d.]+)/.exec(fs.readFileSync("/proc/pressure/cpu", "utf8"))?.[1] ?? null;
  } catch {
    return null;
  }
}

export function longSection(rows, note) {
  return `## Long prompts at concurrency 1 (sensitive-word check on)

Non-stream chat requests one at a time, with default options (the sensitive-word check scans every
prompt), through the gateway and to the mock directly, interleaved. "added" is the gateway's overhead on
the 100 KB prompt minus its overhead on the short one. Target: at most 2 ms per 100 KB. The gateway's
CPU time per request (100 requests per prompt, from /proc) does not grow with other load on the machine,
unlike the latencies. ${note}

${longPromptTable(rows)}
`;
}

// Time to first streamed token at concurrency 1 (no queueing behind other streams): direct vs ours,
// same mock (instant), same pinning as compare.sh.
export function sseAt1(root, harness, url, key) {
  const out = execFileSync(
    "taskset",
    [
      "-c",
      "1",
      process.execPath,
      path.join(harness, "sse-bench.js"),
      "--url",
      url,
      "--key",
      key,
      "--concurrency",
      "1",
      "--duration",
      "8",
    ],
    { cwd: root, encoding: "utf8" },
  );
  const line = out.split("\n").find((l) => l.startsWith("SSEJSON "));
  return JSON.parse(line.slice(8));
}
