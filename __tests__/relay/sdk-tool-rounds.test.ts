// The official SDKs' tool-calling and streaming paths (issue 19 acceptance), each on its native
// dialect and on a converted one, one gateway: the model asks for a tool in a stream, the SDK's
// stream helper assembles the call, the tool result goes back in a second streamed request, the
// final text arrives. Asserted: the assembled arguments, the final text, the usage the SDK reports
// and the consume logs (the channel's own usage, per dialect, billed exactly).
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { GoogleGenAI, type Content } from "@google/genai";
import { Agent, setGlobalDispatcher } from "undici";
import { startGateway, type Gateway } from "./gateway";
import { FINAL_TEXT, startMockAgents, TOOL_MARKER, USAGE, type MockAgents } from "./mock-agents";

let gw: Gateway;
let up: MockAgents;

// Model -> channel dialect (one channel each on the agents mock).
const OPENAI = "sdk-openai";
const CLAUDE = "sdk-claude";
const GEMINI = "sdk-gemini";
const FINAL = `${FINAL_TEXT} with the tool output`;
const COMMAND = `echo ${TOOL_MARKER}`;
const PARAMS = { type: "object", properties: { command: { type: "string" } }, required: ["command"] };
const DESCRIPTION = "Runs a shell command";
/** The channel's usage per dialect, as [prompt, completion]. */
const CHANNEL: Record<string, [number, number]> = {
  [OPENAI]: [USAGE.openai.prompt_tokens, USAGE.openai.completion_tokens],
  [CLAUDE]: [USAGE.anthropic.input_tokens, USAGE.anthropic.output_tokens],
  [GEMINI]: [USAGE.gemini.promptTokenCount, USAGE.gemini.candidatesTokenCount],
};

beforeAll(async () => {
  setGlobalDispatcher(new Agent()); // @google/genai uses undici's global dispatcher
  up = await startMockAgents();
  gw = await startGateway();
  const ratios = (v: number) => JSON.stringify({ [OPENAI]: v, [CLAUDE]: v, [GEMINI]: v });
  await gw.api("PUT", "/api/option/", { key: "ModelRatio", value: ratios(1) });
  await gw.api("PUT", "/api/option/", { key: "CompletionRatio", value: ratios(2) });
  await gw.createChannel({ name: "openai", type: 1, key: "k-openai", base_url: up.url, models: OPENAI });
  await gw.createChannel({ name: "claude", type: 14, key: "k-claude", base_url: up.url, models: CLAUDE });
  await gw.createChannel({ name: "gemini", type: 24, key: "k-gemini", base_url: up.url, models: GEMINI });
}, 180_000);

afterAll(async () => {
  await gw?.stop();
  await up?.close();
});

/** Both rounds logged with the channel's own usage, quota = prompt + 2 x completion. */
async function expectLogs(tokenId: number, [p, c]: [number, number], rounds = 2): Promise<void> {
  const q = "select promptTokens, completionTokens, quota from logs where tokenId = ? and type = 2 order by id";
  await gw.waitFor(async () => (await gw.sql(q, tokenId)).length === rounds);
  expect(await gw.sql(q, tokenId)).toEqual(
    Array.from({ length: rounds }, () => ({ promptTokens: p, completionTokens: c, quota: p + 2 * c })),
  );
}

/** The channel request of the second round carried the tool result back. */
const resultWentBack = () => expect(JSON.stringify(up.requests.at(-1)!.body)).toContain(TOOL_MARKER);

describe.each([OPENAI, GEMINI])("openai chat.completions.stream on %s", (model) => {
  test("tool call assembled, result sent back, final text, usage and logs", async () => {
    const t = await gw.createToken({ unlimited_quota: true });
    const client = new OpenAI({ apiKey: t.key, baseURL: `${gw.url}/v1`, maxRetries: 0 });
    const tools = [
      { type: "function" as const, function: { name: "shell_command", description: DESCRIPTION, parameters: PARAMS } },
    ];
    const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: "user", content: "Run the marker command" }];
    const base = { model, tools, stream_options: { include_usage: true } };
    const first = await client.chat.completions.stream({ ...base, messages }).finalChatCompletion();
    const call = first.choices[0]!.message.tool_calls![0]!;
    expect(first.choices[0]!.finish_reason).toBe("tool_calls");
    expect(call.type === "function" && call.function.name).toBe("shell_command");
    expect(JSON.parse(call.type === "function" ? call.function.arguments : "")).toEqual({ command: COMMAND });
    messages.push(first.choices[0]!.message, { role: "tool", tool_call_id: call.id, content: TOOL_MARKER });
    const final = await client.chat.completions.stream({ ...base, messages }).finalChatCompletion();
    resultWentBack();
    expect(final.choices[0]!.message.content).toBe(FINAL);
    expect(final.usage).toMatchObject({ prompt_tokens: CHANNEL[model]![0], completion_tokens: CHANNEL[model]![1] });
    await expectLogs(t.id, CHANNEL[model]!);
  });
});

describe.each([OPENAI, CLAUDE])("openai responses.stream on %s", (model) => {
  test("function_call item assembled, function_call_output sent back, final text, usage and logs", async () => {
    const t = await gw.createToken({ unlimited_quota: true });
    const client = new OpenAI({ apiKey: t.key, baseURL: `${gw.url}/v1`, maxRetries: 0 });
    const tools = [
      { type: "function" as const, name: "shell_command", description: DESCRIPTION, parameters: PARAMS, strict: false },
    ];
    const input: OpenAI.Responses.ResponseInputItem[] = [{ role: "user", content: "Run the marker command" }];
    const first = await client.responses.stream({ model, input, tools }).finalResponse();
    const call = first.output.find((i) => i.type === "function_call")!;
    expect(call).toMatchObject({ name: "shell_command" });
    expect(JSON.parse(call.arguments)).toEqual({ command: COMMAND });
    input.push(call, { type: "function_call_output", call_id: call.call_id, output: TOOL_MARKER });
    const final = await client.responses.stream({ model, input, tools }).finalResponse();
    resultWentBack();
    expect(final.output_text).toBe(FINAL);
    // The native Responses channel reports its own usage; converted, the Claude channel's.
    const [p, c] = model === OPENAI ? [USAGE.responses.input_tokens, USAGE.responses.output_tokens] : CHANNEL[model]!;
    expect(final.usage).toMatchObject({ input_tokens: p, output_tokens: c });
    await expectLogs(t.id, [p, c]);
  });
});

describe.each([CLAUDE, OPENAI])("@anthropic-ai/sdk messages.stream on %s", (model) => {
  test("tool_use assembled, tool_result sent back, final text, usage and logs", async () => {
    const t = await gw.createToken({ unlimited_quota: true });
    const client = new Anthropic({ apiKey: t.key, baseURL: gw.url, maxRetries: 0 });
    const tools = [
      { name: "shell_command", description: DESCRIPTION, input_schema: PARAMS as Anthropic.Tool.InputSchema },
    ];
    const messages: Anthropic.MessageParam[] = [{ role: "user", content: "Run the marker command" }];
    const first = await client.messages.stream({ model, max_tokens: 256, tools, messages }).finalMessage();
    expect(first.stop_reason).toBe("tool_use");
    const use = first.content.find((b) => b.type === "tool_use")!;
    expect(use).toMatchObject({ name: "shell_command", input: { command: COMMAND } });
    messages.push(
      { role: "assistant", content: first.content },
      { role: "user", content: [{ type: "tool_result", tool_use_id: use.id, content: TOOL_MARKER }] },
    );
    const final = await client.messages.stream({ model, max_tokens: 256, tools, messages }).finalMessage();
    resultWentBack();
    expect(final.content.map((b) => (b.type === "text" ? b.text : "")).join("")).toBe(FINAL);
    expect(final.usage).toMatchObject({ input_tokens: CHANNEL[model]![0], output_tokens: CHANNEL[model]![1] });
    await expectLogs(t.id, CHANNEL[model]!);
  });
});

describe.each([GEMINI, CLAUDE])("@google/genai generateContentStream on %s", (model) => {
  test("functionCall collected, functionResponse sent back, final text, usage and logs", async () => {
    const t = await gw.createToken({ unlimited_quota: true });
    const ai = new GoogleGenAI({ apiKey: t.key, httpOptions: { baseUrl: gw.url } });
    const config = {
      tools: [
        { functionDeclarations: [{ name: "shell_command", description: DESCRIPTION, parametersJsonSchema: PARAMS }] },
      ],
    };
    const contents: Content[] = [{ role: "user", parts: [{ text: "Run the marker command" }] }];
    const calls = [];
    for await (const chunk of await ai.models.generateContentStream({ model, contents, config }))
      calls.push(...(chunk.functionCalls ?? []));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ name: "shell_command", args: { command: COMMAND } });
    contents.push(
      { role: "model", parts: [{ functionCall: calls[0] }] },
      { role: "user", parts: [{ functionResponse: { name: "shell_command", response: { output: TOOL_MARKER } } }] },
    );
    let text = "";
    let usage;
    for await (const chunk of await ai.models.generateContentStream({ model, contents, config })) {
      text += chunk.text ?? "";
      usage = chunk.usageMetadata ?? usage;
    }
    resultWentBack();
    expect(text).toBe(FINAL);
    expect(usage).toMatchObject({ promptTokenCount: CHANNEL[model]![0], candidatesTokenCount: CHANNEL[model]![1] });
    await expectLogs(t.id, CHANNEL[model]!);
  });
});

describe.each([OPENAI, GEMINI])("ai streamText with a tool on %s", (model) => {
  test("the SDK runs the tool between two streamed steps; final text, total usage and logs", async () => {
    const t = await gw.createToken({ unlimited_quota: true });
    const script = path.join(__dirname, "ai-sdk-client.mjs");
    const { stdout } = await promisify(execFile)(process.execPath, [script, "tools", `${gw.url}/v1`, t.key, model], {
      cwd: path.resolve(__dirname, "../.."),
      timeout: 30_000,
    });
    const r = JSON.parse(stdout.trim().split("\n").at(-1)!) as {
      text: string;
      calls: string[];
      steps: number;
      usage: { inputTokens: number; outputTokens: number };
    };
    expect(r.calls).toEqual([COMMAND]);
    expect(r.steps).toBe(2);
    expect(r.text).toBe(FINAL);
    resultWentBack();
    expect(r.usage).toMatchObject({ inputTokens: 2 * CHANNEL[model]![0], outputTokens: 2 * CHANNEL[model]![1] });
    await expectLogs(t.id, CHANNEL[model]!);
  });
});
