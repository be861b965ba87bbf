// docs/architecture.md's walks are the files that run, measured: scripts/relay-walk.mjs starts the
// gateway from its sources with V8 coverage and lists, for a streamed OpenAI call and a converted call
// (Anthropic client → Gemini channel), every file of ours one call runs. The doc's lists must be exactly
// those files, go forward through the stage folders, and the OpenAI walk must stay within 20 files
// (issue 37). After a change on the path: `node scripts/relay-walk.mjs` prints the new lists.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { firstStageReturn } from "../../scripts/relay-walk-stages.mjs";

const ROOT = path.resolve(__dirname, "../..");
const HEADINGS = {
  "openai-stream": "## The walk of a streamed OpenAI call",
  "anthropic-to-gemini": "## The walk of a converted call (Anthropic client → Gemini channel)",
} as const;
type WalkName = keyof typeof HEADINGS;
type Walk = { name: WalkName; count: number; files: string[]; callOrder: string[]; firstStageReturn: string | null };

let measured: Map<WalkName, Walk>;

beforeAll(async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ["scripts/relay-walk.mjs", "--json"], {
    cwd: ROOT,
    timeout: 110_000,
    maxBuffer: 1 << 20,
  });
  const { walks } = JSON.parse(stdout) as { walks: Walk[] };
  measured = new Map(walks.map((w) => [w.name, w]));
}, 120_000);

/** The files of the doc's numbered list under `heading`, in the doc's order. */
function documented(heading: string): string[] {
  const lines = fs.readFileSync(path.join(ROOT, "docs/architecture.md"), "utf8").split("\n");
  const start = lines.indexOf(heading);
  if (start === -1) throw new Error(`docs/architecture.md has no section "${heading}"`);
  const end = lines.findIndex((l, i) => i > start && l.startsWith("## "));
  return lines
    .slice(start + 1, end === -1 ? undefined : end)
    .map((l) => /^\d+\. `([^`]+)`/.exec(l)?.[1])
    .filter((f): f is string => !!f);
}

describe.each(Object.keys(HEADINGS) as WalkName[])("the %s walk", (name) => {
  test("docs/architecture.md lists exactly the files one call runs", () => {
    const doc = documented(HEADINGS[name]);
    const ran = measured.get(name)!.files;
    expect(ran.length).toBeGreaterThan(0);
    // Named both ways, so a failure says what to add and what to drop.
    expect({
      missingFromDoc: ran.filter((f) => !doc.includes(f)),
      notRun: doc.filter((f) => !ran.includes(f)),
    }).toEqual({ missingFromDoc: [], notRun: [] });
    expect(new Set(doc).size).toBe(doc.length);
  });

  test("in the order the call first enters each file", () => {
    expect(documented(HEADINGS[name])).toEqual(measured.get(name)!.callOrder);
  });

  test("goes forward only: never back to an earlier stage folder", () => {
    expect(measured.get(name)!.firstStageReturn).toBeNull();
    expect(firstStageReturn(documented(HEADINGS[name]))).toBeNull();
  });
});

// Issue 37 asks for at most 20 files; the tree is at 61 (docs/architecture.md, "What the walks cost").
// Until it gets there, the walk may not grow: a change that adds a file to the hot path must say why
// here. 58 → 59: the consume log is queued through lib/server/ledger/journal.ts, the one journal of the
// logs table (issue 38), whose re-export of queueLog runs as a getter under tsx. 59 → 61: subscription
// plans pay relay calls (issue 41): lib/server/ledger/plan-accounts.ts decides who pays, and the
// in-memory ledger's state and types moved to memory-state.ts to keep memory-ledger.ts under 300 lines.
const OPENAI_WALK_BOUND = 61;
test(`a streamed OpenAI call runs through at most ${OPENAI_WALK_BOUND} files`, () => {
  expect(measured.get("openai-stream")!.count).toBeLessThanOrEqual(OPENAI_WALK_BOUND);
});
