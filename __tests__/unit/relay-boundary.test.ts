// The relay reaches into capability modules only through the few entries eslint.config.mjs lists
// (README "Architecture"); anything else (a log helper, a DTO, a relative path) is refused by lint.
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
    'import { orderTargets } from "@/modules/pricing/model-mapping";',
    'import { getTokenBalance } from "@/modules/tokens/server/get-token-balance";',
    'import { listTokenLogs } from "@/modules/logs/server/usage/list-token-logs";',
    'import { recordLog } from "@/modules/logs/server/usage/record-log";',
    'import { x } from "../../../../modules/logs/server/usage/list-token-logs-extra";',
    'import type { TokenDto } from "@/modules/tokens/server/dto";',
    'import { y } from "@/modules/pricing/model-mapping/inner";',
    "export const probe = [orderTargets, getTokenBalance, listTokenLogs, recordLog, x, y] as unknown as TokenDto;",
    "",
  ].join("\n");
  expect(restrictedLines(probe, "relay/settle/probe.ts")).toEqual([4, 5, 6, 7]);
});
