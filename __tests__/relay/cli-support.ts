// Shared by the real-CLI relay tests (cli-*.test.ts): runs a CLI installed in __tests__/clients
// (scripts/install-test-clients.mjs) in non-interactive mode with a throwaway HOME, and checks what
// reached the upstream and the consume logs.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startGateway, type Gateway } from "./gateway";
import { FINAL_TEXT, startMockAgents, type AgentRequest, type MockAgents } from "./mock-agents";

export const CLIENTS_BIN = path.resolve(__dirname, "../clients/node_modules/.bin");

export type CliRun = { code: number | null; stdout: string; stderr: string; ms: number };

/** A fresh HOME (and working directory) per run: no user config, no leftover sessions. */
export function freshHome(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "gateway-cli-"));
}

export function runCli(
  bin: string,
  args: string[],
  env: Record<string, string>,
  cwd: string,
  timeoutMs = 90_000,
): Promise<CliRun> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(path.join(CLIENTS_BIN, bin), args, {
      cwd,
      env: {
        NODE_ENV: "production",
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        LANG: "C.UTF-8",
        TERM: "dumb",
        NO_COLOR: "1",
        CI: "1",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}

/** Fails with the CLI's output when it did not exit 0 (the assertion message is the diagnosis). */
export function expectSuccess(run: CliRun): void {
  if (run.code !== 0)
    throw new Error(`exit ${run.code}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr.slice(-4000)}`);
}

/** The upstream saw the channel key and never the caller's token, in any header or body. */
export function expectChannelKeyOnly(requests: AgentRequest[], channelKey: string, userKey: string): void {
  expect(requests.length).toBeGreaterThan(0);
  const bare = userKey.replace(/^sk-/, "");
  for (const r of requests) {
    const headers = JSON.stringify(r.headers);
    expect(headers).toContain(channelKey);
    expect(headers).not.toContain(bare);
    expect(JSON.stringify(r.body)).not.toContain(bare);
  }
}

type LogRow = { promptTokens: number; completionTokens: number; modelName: string };

/** The consume logs of a token once `count` are written (bookkeeping flushes every 250 ms). */
export async function consumeLogs(gw: Gateway, tokenId: number, count: number): Promise<LogRow[]> {
  const query = () =>
    gw.sql<LogRow>(
      "select promptTokens, completionTokens, modelName from logs where tokenId = ? and type = 2",
      tokenId,
    );
  await gw.waitFor(async () => (await query()).length >= count, 10_000);
  return query();
}

/**
 * What every CLI tool round must show: exit 0, the final answer printed, only the channel key
 * upstream, and one consume log per upstream call with exactly the expected tokens and model.
 */
export async function expectToolRoundBilled(
  gw: Gateway,
  round: { run: CliRun; token: { id: number; key: string }; upstream: AgentRequest[] },
  channelKey: string,
  expected: LogRow,
): Promise<void> {
  const { run, token, upstream } = round;
  expectSuccess(run);
  expect(run.stdout).toContain(`${FINAL_TEXT} with the tool output`);
  expectChannelKeyOnly(upstream, channelKey, token.key);
  const logs = await consumeLogs(gw, token.id, upstream.length);
  expect(logs).toHaveLength(upstream.length);
  for (const l of logs) expect(l).toEqual(expected);
}

/**
 * The body of a CLI suite's per-channel test: one tool round through `round(model)`, billed with
 * exactly these tokens, every upstream call on `upstreamPath`.
 */
export function toolRoundTest(
  env: { gw: Gateway },
  round: (model: string) => Promise<Parameters<typeof expectToolRoundBilled>[1]>,
) {
  return async (model: string, channelKey: string, prompt: number, completion: number, upstreamPath: string) => {
    const r = await round(model);
    await expectToolRoundBilled(env.gw, r, channelKey, {
      promptTokens: prompt,
      completionTokens: completion,
      modelName: model,
    });
    expect(r.upstream.every((u) => u.path.includes(upstreamPath))).toBe(true);
  };
}

/**
 * One channel per dialect on the mock, Anthropic (14), OpenAI chat (1) and Gemini (24), serving the
 * models `${prefix}-anthropic`, `${prefix}-openai` and `${prefix}-gemini` at ratio 1.
 */
export async function addDialectChannels(
  gw: Gateway,
  mockUrl: string,
  prefix: string,
  keys: { anthropic: string; openai: string; gemini: string },
): Promise<void> {
  const models = { [`${prefix}-anthropic`]: 1, [`${prefix}-openai`]: 1, [`${prefix}-gemini`]: 1 };
  await gw.api("PUT", "/api/option/", { key: "ModelRatio", value: JSON.stringify(models) });
  const base = { base_url: mockUrl };
  await gw.createChannel({ ...base, name: "anth", type: 14, key: keys.anthropic, models: `${prefix}-anthropic` });
  await gw.createChannel({ ...base, name: "oai", type: 1, key: keys.openai, models: `${prefix}-openai` });
  await gw.createChannel({ ...base, name: "gem", type: 24, key: keys.gemini, models: `${prefix}-gemini` });
}

/**
 * For a CLI test file: the mock agents and one gateway with addDialectChannels, started before the
 * tests and stopped after them. Read `gw` and `mock` inside tests (they exist once beforeAll ran).
 */
export function setUpDialectGateway(
  prefix: string,
  keys: { anthropic: string; openai: string; gemini: string },
): { readonly gw: Gateway; readonly mock: MockAgents } {
  const env = {} as { gw: Gateway; mock: MockAgents };
  beforeAll(async () => {
    env.mock = await startMockAgents();
    env.gw = await startGateway();
    await addDialectChannels(env.gw, env.mock.url, prefix, keys);
  }, 180_000);
  afterAll(async () => {
    await env.gw?.stop();
    await env.mock?.close();
  });
  return env;
}
