// OpenAI Responses clients on channels of another dialect, the way back: Claude / Gemini answers and
// streams -> OpenAI chat pivot -> the Responses JSON and event sequence. Requests: responses-convert.test.ts.
import { optionsOf } from "@/lib/server/options/store";
import { claudeFormat } from "@/relay/vendors/anthropic/format";
import { geminiFormat } from "@/relay/vendors/gemini/format";
import type { ConvertOptions, Json } from "@/relay/kernel/format";
import { responsesClientFormat as responses } from "@/relay/vendors/shared/openai-responses/format";

const o: ConvertOptions = { mode: "chat", upstreamModel: "up-model", stream: false, options: optionsOf() };
const so = { ...o, stream: true };

test("Claude answer -> Responses: reasoning, message and function_call items, cached usage, incomplete", () => {
  const claudeAnswer = {
    id: "msg_1",
    type: "message",
    role: "assistant",
    content: [
      { type: "thinking", thinking: "plan", signature: "sig" },
      { type: "text", text: "Calling." },
      { type: "tool_use", id: "toolu_1", name: "exec_command", input: { cmd: "ls" } },
    ],
    stop_reason: "tool_use",
    usage: { input_tokens: 10, cache_read_input_tokens: 30, cache_creation_input_tokens: 5, output_tokens: 7 },
  };
  const pivot = claudeFormat.toOpenAIResponse(claudeAnswer, o);
  const out = responses.fromOpenAIResponse(pivot, { ...o, requestId: "r1", clientModel: "codex-claude" });
  expect(out).toMatchObject({ id: "resp_r1", object: "response", status: "completed", model: "codex-claude" });
  expect(out.output).toEqual([
    { type: "reasoning", id: "rs_r1", summary: [{ type: "summary_text", text: "plan" }] },
    {
      type: "message",
      id: "msg_r1",
      status: "completed",
      role: "assistant",
      content: [{ type: "output_text", text: "Calling.", annotations: [] }],
    },
    {
      type: "function_call",
      id: "fc_r1_0",
      call_id: "toolu_1",
      name: "exec_command",
      arguments: '{"cmd":"ls"}',
      status: "completed",
    },
  ]);
  expect(out.usage).toMatchObject({ input_tokens: 45, output_tokens: 7, input_tokens_details: { cached_tokens: 30 } });
  const cut = responses.fromOpenAIResponse(
    { choices: [{ message: { content: "par" }, finish_reason: "length" }] },
    { ...o, requestId: "r2", clientModel: "m" },
  );
  expect(cut).toMatchObject({ status: "incomplete", incomplete_details: { reason: "max_output_tokens" } });
});

type Ev = Json & { type: string };
const parseFrames = (frames: string[]): Ev[] =>
  frames.map((f) => {
    const [eventLine, dataLine] = f.trim().split("\n");
    const data = JSON.parse(dataLine!.slice(6)) as Ev;
    expect(eventLine).toBe(`event: ${data.type}`);
    return data;
  });

test("stream: Claude events -> pivot chunks -> the Responses event sequence with argument deltas", () => {
  const ev = (event: string, data: Json) => ({ event, data: JSON.stringify({ type: event, ...data }) });
  const toOpenAI = claudeFormat.streamToOpenAI({ ...so, requestId: "r" });
  const fromOpenAI = responses.streamFromOpenAI({
    ...so,
    requestId: "r",
    clientModel: "codex-claude",
    clientWantsUsage: false,
  });
  const upstream = [
    ev("message_start", {
      message: { id: "m", usage: { input_tokens: 20, cache_read_input_tokens: 100, output_tokens: 1 } },
    }),
    ev("content_block_start", { index: 0, content_block: { type: "thinking", thinking: "" } }),
    ev("content_block_delta", { index: 0, delta: { type: "thinking_delta", thinking: "hm" } }),
    ev("content_block_stop", { index: 0 }),
    ev("content_block_start", { index: 1, content_block: { type: "text", text: "" } }),
    ev("content_block_delta", { index: 1, delta: { type: "text_delta", text: "Hi" } }),
    ev("content_block_stop", { index: 1 }),
    ev("content_block_start", { index: 2, content_block: { type: "tool_use", id: "tu1", name: "f", input: {} } }),
    ev("content_block_delta", { index: 2, delta: { type: "input_json_delta", partial_json: '{"a"' } }),
    ev("content_block_delta", { index: 2, delta: { type: "input_json_delta", partial_json: ":1}" } }),
    ev("content_block_stop", { index: 2 }),
    ev("content_block_start", { index: 3, content_block: { type: "tool_use", id: "tu2", name: "g", input: {} } }),
    ev("content_block_delta", { index: 3, delta: { type: "input_json_delta", partial_json: "{}" } }),
    ev("content_block_stop", { index: 3 }),
    ev("message_delta", { delta: { stop_reason: "tool_use" }, usage: { output_tokens: 9 } }),
    ev("message_stop", {}),
  ];
  const frames: string[] = [];
  for (const e of upstream) for (const c of toOpenAI.push(e)) frames.push(...fromOpenAI.push(c));
  for (const c of toOpenAI.end()) frames.push(...fromOpenAI.push(c));
  frames.push(...fromOpenAI.end(toOpenAI.usage()!));
  const events = parseFrames(frames);
  expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
  expect(events.map((e) => e.type)).toEqual([
    "response.created",
    "response.in_progress",
    "response.output_item.added",
    "response.reasoning_summary_part.added",
    "response.reasoning_summary_text.delta",
    "response.reasoning_summary_text.done",
    "response.reasoning_summary_part.done",
    "response.output_item.done",
    "response.output_item.added",
    "response.content_part.added",
    "response.output_text.delta",
    "response.output_text.done",
    "response.content_part.done",
    "response.output_item.done",
    "response.output_item.added",
    "response.function_call_arguments.delta",
    "response.function_call_arguments.delta",
    "response.output_item.added",
    "response.function_call_arguments.delta",
    "response.function_call_arguments.done",
    "response.output_item.done",
    "response.function_call_arguments.done",
    "response.output_item.done",
    "response.completed",
  ]);
  const done = events.filter((e) => e.type === "response.function_call_arguments.done");
  expect(done.map((e) => [e.output_index, e.arguments])).toEqual([
    [2, '{"a":1}'],
    [3, "{}"],
  ]);
  const completed = events.at(-1)!.response as Json;
  expect((completed.output as Json[]).map((i) => [i.type, i.call_id ?? null])).toEqual([
    ["reasoning", null],
    ["message", null],
    ["function_call", "tu1"],
    ["function_call", "tu2"],
  ]);
  expect(completed.usage).toMatchObject({
    input_tokens: 120,
    output_tokens: 9,
    input_tokens_details: { cached_tokens: 100 },
  });
});

test("stream cut by the output limit ends with response.incomplete", () => {
  const s = responses.streamFromOpenAI({ ...so, requestId: "r", clientModel: "m", clientWantsUsage: false });
  const frames = [
    ...s.push({ choices: [{ index: 0, delta: { content: "par" } }] }),
    ...s.push({ choices: [{ index: 0, delta: {}, finish_reason: "length" }] }),
    ...s.end({ promptTokens: 3, completionTokens: 4, cachedTokens: 0 }),
  ];
  const last = parseFrames(frames).at(-1)!;
  expect(last.type).toBe("response.incomplete");
  expect(last.response).toMatchObject({ status: "incomplete", usage: { input_tokens: 3, output_tokens: 4 } });
});

test("hostile shapes convert without throwing: odd roles, prototype names, non-object items", () => {
  const pivot = responses.toOpenAIRequest(
    {
      input: [
        null,
        7,
        "plain",
        { role: "constructor", content: [{ type: "input_image", image_url: 5 }, null, { type: "x" }] },
        { type: "function_call_output", output: { nested: true } },
      ],
      tools: [null, "x", { type: 3 }, { type: "web_search_preview" }],
      tool_choice: { type: "function" },
      text: "json",
      reasoning: { effort: "constructor" },
    },
    o,
  );
  expect(pivot.messages).toEqual([
    { role: "user", content: "plain" },
    { role: "user", content: "" },
    { role: "tool", tool_call_id: "", content: '{"nested":true}' },
  ]);
  expect(pivot).not.toHaveProperty("reasoning_effort");
  expect(pivot).not.toHaveProperty("tool_choice");
  expect(pivot.web_search_options).toEqual({});
  // What the channels would refuse (an empty content) is refused in a 400 naming the field, not sent.
  expect(() => claudeFormat.fromOpenAIRequest(pivot, o)).toThrow("Invalid field 'messages[1].content'");
  expect(() => geminiFormat.fromOpenAIRequest(pivot, o)).toThrow("Invalid field 'messages[1].content'");
});
