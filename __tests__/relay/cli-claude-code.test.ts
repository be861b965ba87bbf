// Issue 19 C: the real Claude Code CLI (pinned in __tests__/clients) in non-interactive mode (-p)
// through the production gateway, against every channel dialect: Anthropic (native), OpenAI chat and
// Gemini (converted). The model names are aliases Claude Code does not know, so it sends its
// mid-conversation system entries (issue 19 item 1). Each run is a tool round: the mock model asks
// for Bash, Claude Code runs it, the result goes back and the final answer is printed. Each asserts
// exit 0, the answer, the channel key upstream (never the user's token) and the exact consume logs.
import fs from "node:fs";
import path from "node:path";
import { USAGE } from "./mock-agents";
import { CLIENTS_BIN, freshHome, runCli, setUpDialectGateway, toolRoundTest } from "./cli-support";

const haveCli = fs.existsSync(path.join(CLIENTS_BIN, "claude"));
if (!haveCli) throw new Error("Claude Code is not installed: run node scripts/install-test-clients.mjs");

const KEYS = { anthropic: "sk-ant-agent-channel", openai: "sk-oai-agent-channel", gemini: "g-agent-channel" };
const env = setUpDialectGateway("agent", KEYS);

async function claudeCode(model: string) {
  const token = await env.gw.createToken({ name: `cc-${model}` });
  const home = freshHome();
  const before = env.mock.requests.length;
  const run = await runCli(
    "claude",
    [
      "-p",
      "Run `echo` with the shell tool and tell me what it printed.",
      "--model",
      model,
      "--dangerously-skip-permissions",
      "--output-format",
      "text",
    ],
    {
      HOME: home,
      CLAUDE_CONFIG_DIR: path.join(home, ".claude"),
      ANTHROPIC_BASE_URL: env.gw.url,
      ANTHROPIC_API_KEY: token.key,
      ANTHROPIC_MODEL: model,
      ANTHROPIC_SMALL_FAST_MODEL: model,
      ANTHROPIC_DEFAULT_HAIKU_MODEL: model,
      // Fast and quiet: no telemetry, update checks or error reports; root may skip permissions.
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
      DISABLE_AUTOUPDATER: "1",
      DISABLE_TELEMETRY: "1",
      DISABLE_ERROR_REPORTING: "1",
      IS_SANDBOX: "1",
      API_TIMEOUT_MS: "30000",
      MAX_THINKING_TOKENS: "0",
    },
    home,
  );
  fs.rmSync(home, { recursive: true, force: true });
  return { run, token, upstream: env.mock.requests.slice(before) };
}

test.each([
  ["agent-anthropic", KEYS.anthropic, USAGE.anthropic.input_tokens, USAGE.anthropic.output_tokens, "/v1/messages"],
  ["agent-openai", KEYS.openai, USAGE.openai.prompt_tokens, USAGE.openai.completion_tokens, "/v1/chat/completions"],
  [
    "agent-gemini",
    KEYS.gemini,
    USAGE.gemini.promptTokenCount,
    USAGE.gemini.candidatesTokenCount,
    ":streamGenerateContent",
  ],
])("Claude Code on the %s channel: a tool round", toolRoundTest(env, claudeCode), 150_000);
