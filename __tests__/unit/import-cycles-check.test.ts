// scripts/check-import-cycles.mjs fails on a cycle between two modules at folder level (modules/<a>
// imports modules/<b> and back, even through doors and type-only imports that close no file cycle),
// and passes a one-way dependency. Run on a small fixture checkout in a temporary folder.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const SCRIPT = path.resolve(__dirname, "../../scripts/check-import-cycles.mjs");

function checkout(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "cycles-"));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  execFileSync("git", ["init", "-q"], { cwd: root });
  return root;
}

function check(root: string): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [SCRIPT, root], { encoding: "utf8" });
  return { status: run.status, output: run.stdout + run.stderr };
}

const oneWay = {
  "modules/wallet/server/index.ts": 'export { pay } from "@/modules/wallet/server/pay";\n',
  "modules/wallet/server/pay.ts": 'import { credit } from "@/modules/accounts/server";\nexport const pay = credit;\n',
  "modules/accounts/server/index.ts": 'export { credit } from "@/modules/accounts/server/credit";\n',
  "modules/accounts/server/credit.ts": "export const credit = () => 1;\n",
};

test("a one-way dependency between modules passes", () => {
  const root = checkout(oneWay);
  try {
    const { status, output } = check(root);
    expect(output).toContain("no module cycle");
    expect(status).toBe(0);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("a cycle between two modules fails even when no file cycle closes it", () => {
  const root = checkout({
    ...oneWay,
    // accounts reads a wallet type through the wallet's door: no file-level cycle, a module-level one.
    "modules/accounts/client/balance.ts":
      'import type { Receipt } from "@/modules/wallet/client";\nexport const show = (r: Receipt) => r;\n',
    "modules/wallet/client/index.ts": "export type Receipt = { id: number };\n",
  });
  try {
    const { status, output } = check(root);
    expect(output).toContain("module cycles (1)");
    expect(output).toContain("modules/accounts ⇄ modules/wallet");
    expect(output).not.toContain("import cycles (");
    expect(status).toBe(1);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
