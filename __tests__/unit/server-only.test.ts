// Server code stays on the server (README "Architecture"): every module under lib/server and
// modules/*/server starts with the `server-only` marker (Next's build then refuses a client bundle
// that pulls one in), and the eslint boundary refuses a client component's value import of server
// code before any build runs — the cheaper check, proven here on a probe file.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "../..");
const SOURCE = /\.(ts|tsx)$/;

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) walk(rel, out);
    else if (SOURCE.test(entry.name)) out.push(rel);
  }
  return out;
}

const moduleServerDirs = fs
  .readdirSync(path.join(ROOT, "modules"))
  .map((m) => `modules/${m}/server`)
  .filter((dir) => fs.existsSync(path.join(ROOT, dir)));
// Not modules of the server: unit tests beside their code, and the vendors' catalogue rows
// (relay/vendors/<v>/entry.ts, listed in relay/vendors/entries.ts: data the browser's channel form
// imports through lib/channel-types.ts).
const notServerModule = (f: string) =>
  f.endsWith(".test.ts") || f === "relay/vendors/entries.ts" || /^relay\/vendors\/[^/]+\/entry\.ts$/.test(f);
const serverFiles = ["lib/server", "relay", "server", ...moduleServerDirs]
  .flatMap((dir) => walk(dir))
  .filter((f) => !notServerModule(f));

/** The first statement, comments and blank lines skipped. */
function firstStatement(text: string): string {
  const withoutComments = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  return withoutComments.trim().split("\n")[0]!.trim();
}

test("the walk sees the server folders (a sample of files)", () => {
  expect(serverFiles).toEqual(
    expect.arrayContaining([
      "lib/server/db.ts",
      "relay/entry/handler.ts",
      "modules/tokens/server/list-tokens.ts",
    ]),
  );
  expect(serverFiles.length).toBeGreaterThan(300);
});

test('every server module starts with import "server-only"', () => {
  const missing = serverFiles.filter(
    (f) => firstStatement(fs.readFileSync(path.join(ROOT, f), "utf8")) !== 'import "server-only";',
  );
  expect(missing).toEqual([]);
});

test("the marker check fails on a file without it", () => {
  expect(firstStatement('// why\nimport { db } from "@/lib/server/db";\nimport "server-only";\n')).not.toBe(
    'import "server-only";',
  );
  expect(firstStatement('/* a\n b */\n\nimport "server-only";\n')).toBe('import "server-only";');
});

test("eslint refuses a client component's value import of server code, allows a type import", () => {
  const probe = [
    'import type { TokenDto } from "@/modules/tokens/server/dto";',
    'import { listTokens } from "@/modules/tokens/server/list-tokens";',
    'import "server-only";',
    'import { getTokenBalance } from "../server/get-token-balance";',
    'import { db } from "../../../lib/server/db";',
    "export const probe = [listTokens, getTokenBalance, db] as unknown as TokenDto;",
    "",
  ].join("\n");
  const eslint = path.join(ROOT, "node_modules/eslint/bin/eslint.js");
  const args = ["--no-warn-ignored", "--format", "json", "--stdin", "--stdin-filename"];
  let output: string;
  try {
    output = execFileSync(process.execPath, [eslint, ...args, "modules/tokens/components/probe.tsx"], {
      cwd: ROOT,
      input: probe,
      encoding: "utf8",
    });
  } catch (err) {
    // eslint exits 1 when it reports errors; the report is still on stdout.
    output = (err as { stdout: string }).stdout;
  }
  const [report] = JSON.parse(output) as { messages: { line: number; ruleId: string | null }[] }[];
  const restricted = report!.messages.filter((m) => m.ruleId === "@typescript-eslint/no-restricted-imports");
  expect(restricted.map((m) => m.line).sort()).toEqual([2, 3, 4, 5]);
});
