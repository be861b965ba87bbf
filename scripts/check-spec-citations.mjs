#!/usr/bin/env node
// Comments that cite a document by section (the specification's or the server-behaviour reference's
// section numbers) mean nothing to a reader who has only this repository (issue 37): a comment says
// the rule itself. This check fails on any section sign (U+00A7) in our source files, except right
// after a public standard's name ("RFC 6749" then the sign and its section), and on "spec <number>".
// With file arguments it checks those files, else every source file git knows of. Exits 1 and prints
// file:line for each citation.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SOURCE = /\.(ts|tsx|js|jsx|mjs|cjs|prisma|sh|css)$/;
const SKIP = /^(node_modules|\.next|docs|lib\/generated|__tests__\/clients)\//;
// Written as escapes so this file does not cite anything itself.
const SECTION_SIGN = /\u00a7/g;
const STANDARD_BEFORE = /\bRFC \d+ $/;
const SPEC_NUMBER = /\b[Ss]pec(?:ification)? \d+\b/;

/** The lines of `text` that cite a document by section: [{ line (1-based), text }]. */
export function findSpecCitations(text) {
  const found = [];
  text.split("\n").forEach((line, i) => {
    const bySection = [...line.matchAll(SECTION_SIGN)].some((m) => !STANDARD_BEFORE.test(line.slice(0, m.index)));
    if (bySection || SPEC_NUMBER.test(line)) found.push({ line: i + 1, text: line.trim() });
  });
  return found;
}

function sourceFiles() {
  return execFileSync("git", ["ls-files", "-co", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" })
    .split("\n")
    .filter((f) => SOURCE.test(f) && !SKIP.test(f) && fs.existsSync(path.join(ROOT, f)));
}

function main(args) {
  const files = args.length > 0 ? args.map((f) => path.resolve(f)) : sourceFiles().map((f) => path.join(ROOT, f));
  let count = 0;
  for (const file of files) {
    for (const hit of findSpecCitations(fs.readFileSync(file, "utf8"))) {
      console.error(`${path.relative(ROOT, file)}:${hit.line}: ${hit.text}`);
      count++;
    }
  }
  if (count > 0) {
    console.error(
      `\n${count} citation(s) of a document by section: say what it requires in the comment itself` +
        " (a public standard may be cited as RFC <n> <section>).",
    );
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
