// Claude streams: Anthropic events -> OpenAI chunks (with usage from message_start + message_delta),
// OpenAI chunks -> the exact Anthropic event sequence, and the native tap (verbatim forwarding).
import { optionsOf } from "@/lib/server/options/store";
import { claudeFormat } from "@/relay/vendors/anthropic/format";
import type { ConvertOptions, Json } from "@/relay/kernel/format";

const o: ConvertOptions = { mode: "chat", upstreamModel: "claude-up", stream: true, options: optionsOf() };
const ev = (event: string, data: Json) => ({ event, data: JSON.stringify(data) });

const claudeEvents = [
  ev("message_start", {
    type: "message_start",
    message: {
      id: "msg_1",
      model: "claude-up",
      usage: { input_tokens: 20, cache_read_input_tokens: 100, cache_creation_input_tokens: 40, output_tokens: 1 },
    },
  }),
  ev("content_block_start", {
    type: "content_block_start",
    index: 0,
    content_block: { type: "thinking", thinking: "" },
  }),
  ev("ping", { type: "ping" }),
  ev("content_block_delta", {
    type: "content_block_delta",
    index: 0,
    delta: { type: "thinking_delta", thinking: "hm" },
  }),
  ev("content_block_stop", { type: "content_block_stop", index: 0 }),
  ev("content_block_start", { type: "content_block_start", index: 1, content_block: { type: "text", text: "" } }),
  ev("content_block_delta", { type: "content_block_delta", index: 1, delta: { type: "text_delta", text: "Hel" } }),
  ev("content_block_delta", { type: "content_block_delta", index: 1, delta: { type: "text_delta", text: "lo" } }),
  ev("content_block_stop", { type: "content_block_stop", index: 1 }),
  ev("content_block_start", {
    type: "content_block_start",
    index: 2,
    content_block: { type: "tool_use", id: "tu1", name: "f", input: {} },
  }),
  ev("content_block_delta", {
    type: "content_block_delta",
    index: 2,
    delta: { type: "input_json_delta", partial_json: '{"a"' },
  }),
  ev("content_block_delta", {
    type: "content_block_delta",
    index: 2,
    delta: { type: "input_json_delta", partial_json: ":1}" },
  }),
  ev("content_block_stop", { type: "content_block_stop", index: 2 }),
  ev("content_block_start", {
    type: "content_block_start",
    index: 3,
    content_block: { type: "tool_use", id: "tu2", name: "g", input: {} },
  }),
  ev("content_block_stop", { type: "content_block_stop", index: 3 }),
  ev("message_delta", { type: "message_delta", delta: { stop_reason: "tool_use" }, usage: { output_tokens: 9 } }),
  ev("message_stop", { type: "message_stop" }),
];

test("streamToOpenAI: deltas, tool calls with their own indexes, finish reason, usage chunk", () => {
  const s = claudeFormat.streamToOpenAI({ ...o, requestId: "r1" });
  const chunks = [...claudeEvents.flatMap((e) => s.push(e)), ...s.end()];
  const deltas = chunks.flatMap((c) => (c.choices as Json[]).map((x) => x.delta));
  expect(deltas).toEqual([
    { role: "assistant", content: "" },
    { reasoning_content: "hm" },
    { content: "Hel" },
    { content: "lo" },
    { tool_calls: [{ index: 0, id: "tu1", type: "function", function: { name: "f", arguments: "" } }] },
    { tool_calls: [{ index: 0, function: { arguments: '{"a"' } }] },
    { tool_calls: [{ index: 0, function: { arguments: ":1}" } }] },
    { tool_calls: [{ index: 1, id: "tu2", type: "function", function: { name: "g", arguments: "" } }] },
    {},
  ]);
  const finishes = chunks.flatMap((c) => (c.choices as Json[]).map((x) => x.finish_reason)).filter(Boolean);
  expect(finishes).toEqual(["tool_calls"]);
  const last = chunks.at(-1)!;
  expect(last.choices).toEqual([]);
  expect(last.usage).toMatchObject({
    prompt_tokens: 160,
    completion_tokens: 9,
    prompt_tokens_details: { cached_tokens: 100 },
  });
  expect(s.usage()).toEqual({ promptTokens: 160, completionTokens: 9, cachedTokens: 100, cacheWriteTokens: 40 });
  expect(chunks.every((c) => c.id === "chatcmpl-r1" && c.object === "chat.completion.chunk")).toBe(true);
});

test("streamToOpenAI: a stream cut before message_delta still ends with a finish chunk", () => {
  const s = claudeFormat.streamToOpenAI({ ...o, requestId: "r2" });
  claudeEvents.slice(0, 7).forEach((e) => s.push(e));
  const tail = s.end();
  expect((tail[0]!.choices as Json[])[0]!.finish_reason).toBe("stop");
});

function parseFrames(frames: string[]) {
  return frames.map((f) => {
    const m = /^event: (.+)\ndata: (.+)\n\n$/s.exec(f);
    if (!m) throw new Error(`bad frame ${f}`);
    return { event: m[1]!, data: JSON.parse(m[2]!) as Json };
  });
}

const oaChunk = (delta: Json, finish: string | null = null): Json => ({
  choices: [{ index: 0, delta, finish_reason: finish }],
});

test("streamFromOpenAI: the exact Anthropic event sequence for text", () => {
  const s = claudeFormat.streamFromOpenAI({
    ...o,
    requestId: "rq",
    clientModel: "claude-client",
    clientWantsUsage: true,
  });
  const frames = [
    ...s.push(oaChunk({ role: "assistant", content: "" })),
    ...s.push(oaChunk({ content: "Hi " })),
    ...s.push(oaChunk({ content: "there" })),
    ...s.push(oaChunk({}, "stop")),
    ...s.push({ choices: [], usage: { prompt_tokens: 10, completion_tokens: 3 } }),
    ...s.end({ promptTokens: 10, completionTokens: 3, cachedTokens: 4 }),
  ];
  const evs = parseFrames(frames);
  expect(evs.map((e) => e.event)).toEqual([
    "message_start",
    "content_block_start",
    "ping",
    "content_block_delta",
    "content_block_delta",
    "content_block_stop",
    "message_delta",
    "message_stop",
  ]);
  expect(evs.every((e) => e.data.type === e.event)).toBe(true);
  expect((evs[0]!.data.message as Json).id).toBe("msg_rq");
  expect((evs[0]!.data.message as Json).model).toBe("claude-client");
  expect(evs[1]!.data).toEqual({ type: "content_block_start", index: 0, content_block: { type: "text", text: "" } });
  expect(evs[3]!.data.delta).toEqual({ type: "text_delta", text: "Hi " });
  expect(evs[6]!.data).toEqual({
    type: "message_delta",
    delta: { stop_reason: "end_turn", stop_sequence: null },
    usage: { input_tokens: 6, output_tokens: 3, cache_read_input_tokens: 4, cache_creation_input_tokens: 0 },
  });
});

test("streamFromOpenAI: thinking, text and each tool call in its own block; stop_reason tool_use", () => {
  const s = claudeFormat.streamFromOpenAI({ ...o, requestId: "rq", clientModel: "c", clientWantsUsage: true });
  const frames = [
    ...s.push(oaChunk({ reasoning_content: "think" })),
    ...s.push(oaChunk({ content: "ok" })),
    ...s.push(oaChunk({ tool_calls: [{ index: 0, id: "c1", function: { name: "f", arguments: "" } }] })),
    ...s.push(oaChunk({ tool_calls: [{ index: 0, function: { arguments: '{"a":1}' } }] })),
    ...s.push(oaChunk({ tool_calls: [{ index: 1, id: "c2", function: { name: "g", arguments: "{}" } }] })),
    ...s.push(oaChunk({}, "tool_calls")),
    ...s.end({ promptTokens: 1, completionTokens: 1, cachedTokens: 0 }),
  ];
  const evs = parseFrames(frames);
  const starts = evs.filter((e) => e.event === "content_block_start").map((e) => [e.data.index, e.data.content_block]);
  expect(starts).toEqual([
    [0, { type: "thinking", thinking: "", signature: "" }],
    [1, { type: "text", text: "" }],
    [2, { type: "tool_use", id: "c1", name: "f", input: {} }],
    [3, { type: "tool_use", id: "c2", name: "g", input: {} }],
  ]);
  const deltas = evs.filter((e) => e.event === "content_block_delta").map((e) => [e.data.index, e.data.delta]);
  expect(deltas).toEqual([
    [0, { type: "thinking_delta", thinking: "think" }],
    [1, { type: "text_delta", text: "ok" }],
    [2, { type: "input_json_delta", partial_json: '{"a":1}' }],
    [3, { type: "input_json_delta", partial_json: "{}" }],
  ]);
  expect(evs.filter((e) => e.event === "content_block_stop").map((e) => e.data.index)).toEqual([0, 1, 2, 3]);
  expect(evs.filter((e) => e.event === "ping")).toHaveLength(1);
  expect((evs.at(-2)!.data.delta as Json).stop_reason).toBe("tool_use");
  expect(evs.at(-1)!.event).toBe("message_stop");
});

test("streamFromOpenAI: max_tokens finish and an empty answer still yields a block", () => {
  const s = claudeFormat.streamFromOpenAI({ ...o, requestId: "rq", clientModel: "c", clientWantsUsage: true });
  const evs = parseFrames([
    ...s.push(oaChunk({}, "length")),
    ...s.end({ promptTokens: 1, completionTokens: 0, cachedTokens: 0 }),
  ]);
  expect(evs.map((e) => e.event)).toEqual([
    "message_start",
    "content_block_start",
    "ping",
    "content_block_stop",
    "message_delta",
    "message_stop",
  ]);
  expect((evs[4]!.data.delta as Json).stop_reason).toBe("max_tokens");
});

test("nativeStream: events forwarded verbatim, usage and text tapped", () => {
  const tap = claudeFormat.nativeStream(o);
  const frames = claudeEvents.flatMap((e) => tap.push(e));
  expect(frames).toEqual(claudeEvents.map((e) => `event: ${e.event}\ndata: ${e.data}\n\n`));
  expect(tap.end({ promptTokens: 0, completionTokens: 0, cachedTokens: 0 })).toEqual([]);
  expect(tap.usage()).toEqual({ promptTokens: 160, completionTokens: 9, cachedTokens: 100, cacheWriteTokens: 40 });
  expect(tap.text()).toBe('hmHello{"a":1}');
});

test("mid-stream errors: Anthropic error event -> OpenAI error chunk, and back", () => {
  const s = claudeFormat.streamToOpenAI({ ...o, requestId: "r3" });
  s.push(claudeEvents[0]!);
  const [errChunk] = s.push(ev("error", { type: "error", error: { type: "overloaded_error", message: "Overloaded" } }));
  expect(errChunk).toMatchObject({ choices: [], error: { type: "overloaded_error", message: "Overloaded" } });
  expect(s.end().some((c) => (c.choices as Json[]).length > 0)).toBe(false);

  const f = claudeFormat.streamFromOpenAI({ ...o, requestId: "rq", clientModel: "c", clientWantsUsage: true });
  const evs = parseFrames(f.push({ error: { message: "boom" } }));
  expect(evs.map((e) => e.event)).toEqual(["message_start", "error"]);
  expect(evs[1]!.data).toEqual({ type: "error", error: { type: "api_error", message: "boom" } });
});
