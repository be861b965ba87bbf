#!/usr/bin/env node
// Import cycles between our own source files (README "Architecture": modules, the relay and the shared
// infrastructure import each other in one direction only). eslint's import/no-cycle does the same but
// cost 138 s of CPU per lint of this tree; this reads the same static value imports (`import type` and
// dynamic import() are not load-time edges) and finds cycles with Tarjan's algorithm in well under a
// second. Exits 1 and prints each cycle when there is one.
// It also checks the modules at folder level: modules/<a> importing anything of modules/<b> (types too,
// they are a dependency of the code's shape) while modules/<b> imports modules/<a>, directly or round a
// longer loop, is a module cycle and fails the check, even when no file-level cycle closes it.
// `node scripts/check-import-cycles.mjs [root]` checks another checkout (the unit test's fixtures).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(process.argv[2] ?? path.join(path.dirname(new URL(import.meta.url).pathname), ".."));
const SOURCE = /\.(ts|tsx|mjs)$/;
// Tests and their helpers are leaves nothing imports; a module's test importing another module's door is
// no dependency of the module's code, so it makes no module edge either.
const SKIP =
  /^(lib\/generated|__tests__|test-support|scripts|node_modules|\.next)\/|^modules\/[^/]+\/__tests__\/|\.test\.tsx?$/;
const EXTS = ["", ".ts", ".tsx", ".mjs", "/index.ts", "/index.tsx"];
// A static import/export statement up to its specifier; `type` right after the keyword marks a type-only one.
const STATEMENT = /(?:^|[;\n])\s*(import|export)\s+(type\s+)?(?:[^;"'`]*?\sfrom\s*)?["']([^"'\n]+)["']/g;

const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" })
  .split("\n")
  .filter((f) => SOURCE.test(f) && !SKIP.test(f) && fs.existsSync(path.join(ROOT, f)));
const known = new Set(files);

function resolve(importer, spec) {
  let base;
  if (spec.startsWith("@/")) base = spec.slice(2);
  else if (spec.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(importer), spec));
  else return null;
  for (const ext of EXTS) if (known.has(base + ext)) return base + ext;
  return null;
}

const edges = new Map();
const moduleEdges = new Map();
const moduleOf = (file) => /^modules\/([^/]+)\//.exec(file)?.[1];
for (const file of files) {
  const text = fs.readFileSync(path.join(ROOT, file), "utf8");
  const targets = new Set();
  for (const m of text.matchAll(STATEMENT)) {
    const target = resolve(file, m[3]);
    if (!target) continue;
    const [from, to] = [moduleOf(file), moduleOf(target)];
    if (from && to && from !== to) moduleEdges.set(from, new Set([...(moduleEdges.get(from) ?? []), to]));
    if (!m[2]) targets.add(target); // import type / export type is no load-time edge
  }
  edges.set(file, [...targets]);
}

// Tarjan's strongly connected components, iterative (deep import chains must not overflow the stack).
/** The cycles of the graph `edges` (node → its targets) over `nodes`, each as its sorted members. */
function findCycles(nodes, edges) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const cycles = [];
  for (const start of nodes) {
    if (idx.has(start)) continue;
    const work = [[start, 0]];
    idx.set(start, index);
    low.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, i] = frame;
      const next = edges.get(node)[i];
      if (next !== undefined) {
        frame[1]++;
        if (!idx.has(next)) {
          idx.set(next, index);
          low.set(next, index++);
          stack.push(next);
          onStack.add(next);
          work.push([next, 0]);
        } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), idx.get(next)));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === idx.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1 || edges.get(node).includes(node)) cycles.push(component.sort());
      }
    }
  }
  return cycles;
}

const cycles = findCycles(files, edges);
const moduleNames = [...new Set([...moduleEdges.keys(), ...[...moduleEdges.values()].flatMap((to) => [...to])])];
const moduleCycles = findCycles(
  moduleNames,
  new Map(moduleNames.map((name) => [name, [...(moduleEdges.get(name) ?? [])]])),
);

if (cycles.length) {
  console.error(`import cycles (${cycles.length}); break each by moving the shared part down a layer:`);
  for (const c of cycles) console.error("  - " + c.join("\n    "));
}
if (moduleCycles.length) {
  console.error(
    `module cycles (${moduleCycles.length}); pick which module owns the shared part, or move it to lib/ or components/:`,
  );
  for (const c of moduleCycles) console.error(`  - modules/${c.join(" ⇄ modules/")}`);
}
if (cycles.length || moduleCycles.length) process.exit(1);
const moduleEdgeCount = [...moduleEdges.values()].reduce((n, to) => n + to.size, 0);
console.log(`import cycles: none (${files.length} files; ${moduleEdgeCount} edges between modules, no module cycle)`);
