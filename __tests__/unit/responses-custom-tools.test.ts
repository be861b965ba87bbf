// Codex's custom (freeform) tools on channels of another dialect: `apply_patch` ({type:"custom"})
// travels the pivot as a function taking {"input": string} and comes back as a custom_tool_call
// item with `input`, in JSON answers and in streams (custom_tool_call_input.delta/.done).
import { claudeFormat } from "@/relay/vendors/anthropic/format";
import { geminiFormat } from "@/relay/vendors/gemini/format";
import type { Json } from "@/relay/kernel/format";
import { customToolNames, responsesFormatFor } from "@/relay/vendors/shared/openai-responses/format";
import { convertOptionsFor } from "@/test-support/unit/convert-options";

const opts = convertOptionsFor("claude-sonnet-4");
const PATCH = '*** Begin Patch\n*** Add File: a.txt\n+hi "there"\n*** End Patch';
const body: Json = {
  model: "codex-claude",
  input: [
    { type: "message", role: "user", content: [{ type: "input_text", text: "make a.txt" }] },
    { type: "custom_tool_call", call_id: "c0", name: "apply_patch", input: "*** Begin Patch\n*** End Patch" },
    { type: "custom_tool_call_output", call_id: "c0", output: "Done" },
  ],
  tools: [
    {
      type: "custom",
      name: "apply_patch",
      description: "patch",
      format: { type: "grammar", syntax: "lark", definition: "x" },
    },
    { type: "function", name: "shell", parameters: { type: "object", properties: { cmd: { type: "string" } } } },
  ],
};
const format = responsesFormatFor(body);

const parse = (frames: string[]): Json[] =>
  frames
    .join("")
    .split("\n\n")
    .filter(Boolean)
    .map((f) => JSON.parse(f.split("data: ")[1]!) as Json);

test("request: custom tool -> a function of one string input; a past custom call -> tool_use with that input", () => {
  expect(customToolNames(body)).toEqual(new Set(["apply_patch"]));
  const pivot = format.toOpenAIRequest(body, opts());
  const claude = claudeFormat.fromOpenAIRequest(pivot, opts());
  expect((claude.tools as Json[])[0]).toMatchObject({
    name: "apply_patch",
    input_schema: { type: "object", properties: { input: { type: "string" } }, required: ["input"] },
  });
  const assistant = (claude.messages as Json[])[1]!;
  expect(assistant.content).toEqual([
    { type: "tool_use", id: "c0", name: "apply_patch", input: { input: "*** Begin Patch\n*** End Patch" } },
  ]);
});

test("JSON answer: a Claude tool_use of apply_patch -> custom_tool_call with input; shell stays a function_call", () => {
  const claude = {
    id: "msg_1",
    content: [
      { type: "tool_use", id: "tu1", name: "apply_patch", input: { input: PATCH } },
      { type: "tool_use", id: "tu2", name: "shell", input: { cmd: "ls" } },
    ],
    stop_reason: "tool_use",
    usage: { input_tokens: 3, output_tokens: 4 },
  };
  const out = format.fromOpenAIResponse(claudeFormat.toOpenAIResponse(claude, opts()), {
    ...opts(),
    requestId: "r",
    clientModel: "codex-claude",
  });
  expect(out.output).toEqual([
    { type: "custom_tool_call", id: "fc_r_0", call_id: "tu1", name: "apply_patch", input: PATCH, status: "completed" },
    {
      type: "function_call",
      id: "fc_r_1",
      call_id: "tu2",
      name: "shell",
      arguments: '{"cmd":"ls"}',
      status: "completed",
    },
  ]);
});

test("stream: a Gemini functionCall of apply_patch -> output_item.added/done as custom_tool_call, input events", () => {
  const toOpenAI = geminiFormat.streamToOpenAI({ ...opts({ stream: true }), requestId: "r" });
  const fromOpenAI = format.streamFromOpenAI({
    ...opts({ stream: true }),
    requestId: "r",
    clientModel: "codex-gemini",
    clientWantsUsage: true,
  });
  const chunk = {
    candidates: [
      { content: { parts: [{ functionCall: { name: "apply_patch", args: { input: PATCH } } }] }, finishReason: "STOP" },
    ],
    usageMetadata: { promptTokenCount: 5, candidatesTokenCount: 6 },
  };
  const frames: string[] = [];
  for (const c of toOpenAI.push({ data: JSON.stringify(chunk) })) frames.push(...fromOpenAI.push(c));
  frames.push(...fromOpenAI.end(toOpenAI.usage()!));
  const events = parse(frames);
  const types = events.map((e) => e.type);
  expect(types).not.toContain("response.function_call_arguments.delta");
  expect(types.slice(2)).toEqual([
    "response.output_item.added",
    "response.custom_tool_call_input.delta",
    "response.custom_tool_call_input.done",
    "response.output_item.done",
    "response.completed",
  ]);
  expect(events[2]!.item).toMatchObject({
    type: "custom_tool_call",
    name: "apply_patch",
    input: "",
    status: "in_progress",
  });
  expect(events[4]).toMatchObject({ item_id: "fc_r_0", output_index: 0, input: PATCH });
  const done = events[5]!.item as Json;
  expect(done).toEqual({
    type: "custom_tool_call",
    id: "fc_r_0",
    call_id: "call_r_0",
    name: "apply_patch",
    input: PATCH,
    status: "completed",
  });
  expect(((events[6]!.response as Json).output as Json[])[0]).toEqual(done);
});

test("arguments that are not {input} JSON are passed as the input itself", () => {
  const out = format.fromOpenAIResponse(
    {
      choices: [
        {
          message: { tool_calls: [{ id: "x", function: { name: "apply_patch", arguments: "raw text" } }] },
          finish_reason: "tool_calls",
        },
      ],
    },
    { ...opts(), requestId: "r", clientModel: "m" },
  );
  expect((out.output as Json[])[0]).toMatchObject({ type: "custom_tool_call", input: "raw text" });
});
