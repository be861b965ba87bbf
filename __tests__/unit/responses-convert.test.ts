// OpenAI Responses clients on channels of another dialect: Responses request -> OpenAI chat pivot ->
// Claude / Gemini request. The way back: responses-convert-answer.test.ts.
import { optionsOf } from "@/lib/server/options/store";
import { claudeFormat } from "@/relay/vendors/anthropic/format";
import { geminiFormat } from "@/relay/vendors/gemini/format";
import type { ConvertOptions, Json } from "@/relay/kernel/format";
import { responsesClientFormat as responses } from "@/relay/vendors/shared/openai-responses/format";

const o: ConvertOptions = { mode: "chat", upstreamModel: "up-model", stream: false, options: optionsOf() };
const so = { ...o, stream: true };

const codexRequest: Json = {
  model: "codex-claude",
  instructions: "You are Codex.",
  input: [
    { type: "message", role: "developer", content: [{ type: "input_text", text: "sandbox: none" }] },
    {
      type: "message",
      role: "user",
      content: [
        { type: "input_text", text: "look" },
        { type: "input_image", image_url: "data:image/png;base64,iVBORw0KGgo=" },
      ],
    },
    { type: "reasoning", id: "rs_1", summary: [], encrypted_content: "opaque" },
    { type: "message", role: "assistant", content: [{ type: "output_text", text: "Running two." }] },
    { type: "function_call", call_id: "call_a", name: "exec_command", arguments: '{"cmd":"ls"}' },
    { type: "function_call", call_id: "call_b", name: "exec_command", arguments: '{"cmd":"pwd"}' },
    { type: "function_call_output", call_id: "call_a", output: "a.txt" },
    { type: "function_call_output", call_id: "call_b", output: [{ type: "input_text", text: "/tmp" }] },
  ],
  tools: [
    { type: "function", name: "exec_command", description: "run", parameters: { type: "object" }, strict: false },
    { type: "custom", name: "apply_patch", description: "patch" },
    { type: "web_search" },
  ],
  tool_choice: "auto",
  parallel_tool_calls: true,
  reasoning: { effort: "high", summary: "auto" },
  text: { format: { type: "json_schema", name: "out", schema: { type: "object" }, strict: true } },
  max_output_tokens: 5000,
  temperature: 0.5,
  store: false,
  include: ["reasoning.encrypted_content"],
  stream: true,
};

test("Responses -> pivot: instructions, developer, images, one assistant turn with parallel calls, tool results", () => {
  const pivot = responses.toOpenAIRequest(codexRequest, so);
  expect(pivot.messages).toEqual([
    { role: "system", content: "You are Codex." },
    { role: "system", content: "sandbox: none" },
    {
      role: "user",
      content: [
        { type: "text", text: "look" },
        { type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0KGgo=" } },
      ],
    },
    {
      role: "assistant",
      content: "Running two.",
      tool_calls: [
        { id: "call_a", type: "function", function: { name: "exec_command", arguments: '{"cmd":"ls"}' } },
        { id: "call_b", type: "function", function: { name: "exec_command", arguments: '{"cmd":"pwd"}' } },
      ],
    },
    { role: "tool", tool_call_id: "call_a", content: "a.txt" },
    { role: "tool", tool_call_id: "call_b", content: "/tmp" },
  ]);
  expect(pivot.tools).toEqual([
    {
      type: "function",
      function: { name: "exec_command", description: "run", parameters: { type: "object" }, strict: false },
    },
    {
      type: "function",
      function: {
        name: "apply_patch",
        description: "patch",
        parameters: { type: "object", properties: { input: { type: "string" } }, required: ["input"] },
      },
    },
  ]);
  expect(pivot).toMatchObject({
    model: "up-model",
    stream: true,
    stream_options: { include_usage: true },
    tool_choice: "auto",
    parallel_tool_calls: true,
    web_search_options: {},
    max_tokens: 5000,
    temperature: 0.5,
    reasoning_effort: "high",
    response_format: { type: "json_schema", json_schema: { name: "out", schema: { type: "object" }, strict: true } },
  });
  expect(pivot).not.toHaveProperty("store");
  expect(pivot).not.toHaveProperty("include");
});

test("Responses -> Claude request: tool_use + tool_result pairs, structured output, thinking budget", () => {
  const claude = claudeFormat.fromOpenAIRequest(responses.toOpenAIRequest(codexRequest, so), so);
  const msgs = claude.messages as Json[];
  const assistant = msgs.find((m) => m.role === "assistant")!;
  expect((assistant.content as Json[]).map((b) => b.type)).toEqual(["text", "tool_use", "tool_use"]);
  const results = msgs
    .flatMap((m) => (Array.isArray(m.content) ? (m.content as Json[]) : []))
    .filter((b) => b.type === "tool_result");
  expect(results.map((b) => b.tool_use_id)).toEqual(["call_a", "call_b"]);
  expect(JSON.stringify(claude.system)).toContain("You are Codex.");
  expect(claude.thinking).toMatchObject({ type: "enabled" });
  expect(claude).toHaveProperty("output_config.format.schema", { type: "object" });
});

test("Responses -> Gemini request: functionCall / functionResponse parts, responseSchema", () => {
  const gemini = geminiFormat.fromOpenAIRequest(responses.toOpenAIRequest(codexRequest, o), o);
  const parts = (gemini.contents as Json[]).flatMap((c) => c.parts as Json[]);
  expect(parts.filter((p) => p.functionCall).length).toBe(2);
  expect(parts.filter((p) => p.functionResponse).length).toBe(2);
  expect(JSON.stringify(gemini.systemInstruction)).toContain("You are Codex.");
});

test("tool_choice naming a function, string input, json_object, minimal effort", () => {
  const pivot = responses.toOpenAIRequest(
    {
      input: "hi",
      tools: [{ type: "function", name: "f", parameters: {} }],
      tool_choice: { type: "function", name: "f" },
      text: { format: { type: "json_object" } },
      reasoning: { effort: "minimal" },
    },
    o,
  );
  expect(pivot).toMatchObject({
    messages: [{ role: "user", content: "hi" }],
    tool_choice: { type: "function", function: { name: "f" } },
    response_format: { type: "json_object" },
    reasoning_effort: "low",
  });
});
