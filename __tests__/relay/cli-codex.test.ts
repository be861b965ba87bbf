// Issue 19 C: the real Codex CLI (pinned in __tests__/clients; it speaks only the Responses API) in
// non-interactive mode (codex exec) through the production gateway on an OpenAI channel, with a tool
// round (exec_command). Asserts exit 0, the answer, the channel key upstream (never the user's token)
// and the exact consume logs. On Anthropic and Gemini channels /v1/responses is converted through the
// OpenAI chat pivot (issue 19 D): the same tool round in the channel's dialect.
import fs from "node:fs";
import path from "node:path";
import { startGateway, type Gateway } from "./gateway";
import { startMockAgents, TOOL_MARKER, USAGE, type MockAgents } from "./mock-agents";
import { CLIENTS_BIN, expectToolRoundBilled, freshHome, runCli } from "./cli-support";

if (!fs.existsSync(path.join(CLIENTS_BIN, "codex")))
  throw new Error("Codex CLI is not installed: run node scripts/install-test-clients.mjs");

let gw: Gateway;
let mock: MockAgents;
const CHANNEL_KEY = "sk-oai-codex-channel";
const CLAUDE_KEY = "sk-ant-codex-channel";
const GEMINI_KEY = "AIza-codex-channel";

beforeAll(async () => {
  mock = await startMockAgents();
  gw = await startGateway();
  await gw.api("PUT", "/api/option/", {
    key: "ModelRatio",
    value: JSON.stringify({ "codex-openai": 1, "codex-claude": 1, "codex-gemini": 1 }),
  });
  await gw.createChannel({ name: "oai", type: 1, key: CHANNEL_KEY, base_url: mock.url, models: "codex-openai" });
  await gw.createChannel({ name: "ant", type: 14, key: CLAUDE_KEY, base_url: mock.url, models: "codex-claude" });
  await gw.createChannel({ name: "gem", type: 24, key: GEMINI_KEY, base_url: mock.url, models: "codex-gemini" });
}, 180_000);

afterAll(async () => {
  await gw?.stop();
  await mock?.close();
});

async function codex(model: string) {
  const token = await gw.createToken({ name: `codex-${model}` });
  const home = freshHome();
  const codexHome = path.join(home, ".codex");
  fs.mkdirSync(codexHome);
  // A model provider on the gateway; no retries so a failure shows at once.
  const config = [
    `model = "${model}"`,
    `model_provider = "gateway"`,
    `[model_providers.gateway]`,
    `name = "gateway"`,
    `base_url = "${gw.url}/v1"`,
    `env_key = "GATEWAY_KEY"`,
    `wire_api = "responses"`,
    `request_max_retries = 0`,
    `stream_max_retries = 0`,
  ].join("\n");
  fs.writeFileSync(path.join(codexHome, "config.toml"), config);
  const before = mock.requests.length;
  const run = await runCli(
    "codex",
    ["exec", "--skip-git-repo-check", "--dangerously-bypass-approvals-and-sandbox", "Run echo with the shell tool."],
    { HOME: home, CODEX_HOME: codexHome, GATEWAY_KEY: token.key },
    home,
  );
  fs.rmSync(home, { recursive: true, force: true });
  return { run, token, upstream: mock.requests.slice(before) };
}

test("Codex on an OpenAI channel (Responses, native): a tool round", async () => {
  const round = await codex("codex-openai");
  const { input_tokens, output_tokens } = USAGE.responses;
  await expectToolRoundBilled(gw, round, CHANNEL_KEY, {
    promptTokens: input_tokens,
    completionTokens: output_tokens,
    modelName: "codex-openai",
  });
  expect(round.upstream.every((r) => r.path.endsWith("/v1/responses"))).toBe(true);
}, 150_000);

/** A converted tool round: the channel's dialect upstream, the call and its result carried both ways. */
async function convertedRound(
  model: string,
  key: string,
  pathRe: RegExp,
  usage: { prompt: number; completion: number },
) {
  const round = await codex(model);
  await expectToolRoundBilled(gw, round, key, {
    promptTokens: usage.prompt,
    completionTokens: usage.completion,
    modelName: model,
  });
  for (const r of round.upstream) expect(r.path).toMatch(pathRe);
  // The tool round: one upstream call asked for the tool, a later one carried its result back.
  expect(round.upstream.some((r) => JSON.stringify(r.body).includes(TOOL_MARKER))).toBe(true);
}

test("Codex on an Anthropic channel (Responses converted to Messages): a tool round", async () => {
  const { input_tokens, output_tokens } = USAGE.anthropic;
  await convertedRound("codex-claude", CLAUDE_KEY, /\/v1\/messages$/, {
    prompt: input_tokens,
    completion: output_tokens,
  });
}, 150_000);

test("Codex on a Gemini channel (Responses converted to generateContent): a tool round", async () => {
  const { promptTokenCount, candidatesTokenCount } = USAGE.gemini;
  await convertedRound("codex-gemini", GEMINI_KEY, /:(stream)?[gG]enerateContent/, {
    prompt: promptTokenCount,
    completion: candidatesTokenCount,
  });
}, 150_000);
