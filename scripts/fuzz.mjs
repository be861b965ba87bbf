// npm run fuzz -- [--seconds N] [--seed S]: runs the relay fuzz test (__tests__/relay/fuzz.test.ts)
// for longer than its budget in npm test. The seed is printed; FUZZ_SEED / --seed replays a run.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const value = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const env = { ...process.env };
if (value("--seconds")) env.FUZZ_SECONDS = value("--seconds");
if (value("--seed")) env.FUZZ_SEED = value("--seed");
const jest = path.join(root, "node_modules/jest/bin/jest.js");
const run = spawnSync(
  process.execPath,
  [jest, "--selectProjects", "relay", "--runTestsByPath", "__tests__/relay/fuzz.test.ts", "-t", "seeded fuzzing"],
  { cwd: root, env, stdio: "inherit" },
);
process.exit(run.status ?? 1);
