// Issue 19 C: the real Gemini CLI (pinned in __tests__/clients) in non-interactive mode (-p, --yolo)
// through the production gateway: on a Gemini channel (native) and converted to OpenAI chat and
// Anthropic channels. Each run is a tool round (run_shell_command) and asserts exit 0, the answer,
// the channel key upstream (never the user's token) and the exact consume logs.
import fs from "node:fs";
import path from "node:path";
import { USAGE } from "./mock-agents";
import { CLIENTS_BIN, freshHome, runCli, setUpDialectGateway, toolRoundTest } from "./cli-support";

if (!fs.existsSync(path.join(CLIENTS_BIN, "gemini")))
  throw new Error("Gemini CLI is not installed: run node scripts/install-test-clients.mjs");

const KEYS = { anthropic: "sk-ant-gcli-channel", openai: "sk-oai-gcli-channel", gemini: "g-gcli-channel" };
const env = setUpDialectGateway("gcli", KEYS);

async function geminiCli(model: string) {
  const token = await env.gw.createToken({ name: `gcli-${model}` });
  const home = freshHome();
  fs.mkdirSync(path.join(home, ".gemini"));
  // No telemetry, usage statistics or update checks; API-key auth.
  const settings = {
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false },
    general: { disableAutoUpdate: true, disableUpdateNag: true },
    security: { auth: { selectedType: "gemini-api-key" } },
  };
  fs.writeFileSync(path.join(home, ".gemini", "settings.json"), JSON.stringify(settings));
  const before = env.mock.requests.length;
  const run = await runCli(
    "gemini",
    ["-p", "Run echo with the shell tool and tell me what it printed.", "-m", model, "--yolo"],
    { HOME: home, GEMINI_API_KEY: token.key, GOOGLE_GEMINI_BASE_URL: env.gw.url, GEMINI_CLI_TRUST_WORKSPACE: "true" },
    home,
  );
  fs.rmSync(home, { recursive: true, force: true });
  return { run, token, upstream: env.mock.requests.slice(before) };
}

test.each([
  [
    "gcli-gemini",
    KEYS.gemini,
    USAGE.gemini.promptTokenCount,
    USAGE.gemini.candidatesTokenCount,
    ":streamGenerateContent",
  ],
  ["gcli-openai", KEYS.openai, USAGE.openai.prompt_tokens, USAGE.openai.completion_tokens, "/v1/chat/completions"],
  ["gcli-anthropic", KEYS.anthropic, USAGE.anthropic.input_tokens, USAGE.anthropic.output_tokens, "/v1/messages"],
])("Gemini CLI on the %s channel: a tool round", toolRoundTest(env, geminiCli), 150_000);
