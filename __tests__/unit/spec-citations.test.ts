// scripts/check-spec-citations.mjs (a static step of `npm test`): a comment that cites a document by
// section instead of saying the rule fails the check. The section sign and the spec's number are written as
// expressions so that this file passes the check itself.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { findSpecCitations } from "@/scripts/check-spec-citations.mjs";

const S = "\u00a7";
const N = 2;
const SCRIPT = path.join(__dirname, "..", "..", "scripts", "check-spec-citations.mjs");

test("citations by section are found, with their line", () => {
  const text = [
    "// Typed calls of the tokens page.",
    `// Typed calls of the tokens page (spec ${N} ${S}7 Tokens).`,
    `/** Keys whose values are secrets (server-behaviour ${S}8.1). */`,
    `// the hourly aggregate (${S}9.4)`,
    `// groups the caller may use (spec ${N} ${S}3 "Pricing`,
    `// Password reset (spec ${N} "Password reset pages")`,
  ].join("\n");
  expect(findSpecCitations(text).map((hit) => hit.line)).toEqual([2, 3, 4, 5, 6]);
});

test("a public standard's section and the word spec in code are not citations", () => {
  const text = [
    `// HTTP Basic client authentication (RFC 6749 ${S}2.3.1): id and secret are form-encoded first.`,
    "const spec = specOf(name);",
    "// the spec-server helper starts one gateway per browser spec",
  ].join("\n");
  expect(findSpecCitations(text)).toEqual([]);
});

test("the check fails on a file with a citation and passes once the comment says the rule", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "spec-citations-"));
  try {
    const file = path.join(dir, "defaults.ts");
    fs.writeFileSync(file, `// Default token quota (spec ${N} ${S}9).\nexport const QUOTA = 500000;\n`);
    const failing = spawnSync(process.execPath, [SCRIPT, file], { encoding: "utf8" });
    expect(failing.status).toBe(1);
    expect(failing.stderr).toContain("defaults.ts:1:");

    fs.writeFileSync(file, "// A new token gets 500000 quota units.\nexport const QUOTA = 500000;\n");
    const passing = spawnSync(process.execPath, [SCRIPT, file], { encoding: "utf8" });
    expect(passing.status).toBe(0);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
