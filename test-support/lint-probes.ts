// Lints probe files with the project's eslint.config.mjs in ONE eslint process (a process costs
// seconds of CPU) and answers, for each probe, the import specifiers the import restriction refuses.
import { execFileSync } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

export type Probe = { file: string; imports: string[]; typeOnly?: boolean };

/** For each probe, the import specifiers eslint's import restriction refuses. */
export function refusedImports(probes: Probe[]): string[][] {
  const script = `
    const { ESLint } = require("eslint");
    const probes = JSON.parse(process.argv[1]);
    (async () => {
      const eslint = new ESLint({ cwd: process.cwd() });
      const out = [];
      for (const p of probes) {
        const [r] = await eslint.lintText(p.code, { filePath: p.file, warnIgnored: false });
        out.push(r.messages.filter((m) => m.ruleId === "@typescript-eslint/no-restricted-imports").map((m) => m.line));
      }
      process.stdout.write(JSON.stringify(out));
    })();
  `;
  const inputs = probes.map((p) => ({
    file: p.file,
    code: [
      ...p.imports.map((spec, i) =>
        p.typeOnly ? `import type { T${i} } from "${spec}";` : `import * as m${i} from "${spec}";`,
      ),
      p.typeOnly
        ? `export type Probe = [${p.imports.map((_, i) => `T${i}`).join(", ")}];`
        : `export const probe = [${p.imports.map((_, i) => `m${i}`).join(", ")}];`,
      "",
    ].join("\n"),
  }));
  const output = execFileSync(process.execPath, ["-e", script, JSON.stringify(inputs)], {
    cwd: ROOT,
    encoding: "utf8",
  });
  const lines = JSON.parse(output) as number[][];
  return lines.map((l, i) => l.map((line) => probes[i]!.imports[line - 1]!));
}
