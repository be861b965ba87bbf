// The relay reaches into capability modules only through the doors eslint.config.mjs lists
// (README "Architecture"); anything else (a file behind a door, a DTO, a relative path) is refused by lint.
import { execFileSync } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(__dirname, "../..");

/** The lines of `code` that eslint's import restriction reports, linted as if at `filePath`. */
function restrictedLines(code: string, filePath: string): number[] {
  const eslint = path.join(ROOT, "node_modules/eslint/bin/eslint.js");
  const args = [eslint, "--no-warn-ignored", "--format", "json", "--stdin", "--stdin-filename", filePath];
  let output: string;
  try {
    output = execFileSync(process.execPath, args, { cwd: ROOT, input: code, encoding: "utf8" });
  } catch (err) {
    // eslint exits 1 when it reports errors; the report is still on stdout.
    output = (err as { stdout: string }).stdout;
  }
  const [report] = JSON.parse(output) as { messages: { line: number; ruleId: string | null }[] }[];
  return report!.messages
    .filter((m) => m.ruleId === "@typescript-eslint/no-restricted-imports")
    .map((m) => m.line)
    .sort((a, b) => a - b);
}

test("the relay imports only the listed module entries", () => {
  const probe = [
    'import { orderTargets } from "@/modules/settings/server";',
    'import { getTokenBalance } from "@/modules/tokens/server";',
    'import { listTokenLogs } from "@/modules/logs/server";',
    'import { recordLog } from "@/modules/logs/server/usage/list-token-logs";',
    'import { x } from "../../../../modules/logs/server/usage/list-token-logs-extra";',
    'import type { TokenDto } from "@/modules/tokens/server/dto";',
    'import { y } from "@/modules/settings/model-mapping";',
    "export const probe = [orderTargets, getTokenBalance, listTokenLogs, recordLog, x, y] as unknown as TokenDto;",
    "",
  ].join("\n");
  expect(restrictedLines(probe, "relay/settle/probe.ts")).toEqual([4, 5, 6, 7]);
});
