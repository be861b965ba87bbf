// Issue 36 "Input classes": the fuzzer's wrong-typed content, in every client dialect, aimed at
// converted routes (a model served by a channel of another dialect, where the gateway itself converts
// the request): content parts of unknown type, null contents, numbers and objects where strings go,
// arrays where objects go, empty arrays, tool shapes wrong at every level. fuzz.test.ts mixes these
// into its batches and holds them to the same bar (no 5xx, an answer within 2 s).
import { HOSTILE_STRINGS, hostileValue, type Rng } from "../../test-support/hostile";
import type { FuzzRequest } from "./fuzz-targets";

/** A value where the dialect wants a string, an object or an array: every other JSON type. */
function wrong(r: Rng): unknown {
  return r.pick([null, 0, -1, 1e308, true, "", "x", [], [null], {}, { type: 5 }, [[]], ...HOSTILE_STRINGS.slice(0, 4)]);
}

/** `good` with, one time in two, one of its fields (or the whole) replaced by a wrong value. */
function spoil(r: Rng, good: Record<string, unknown>): unknown {
  if (r.next() < 0.15) return wrong(r);
  const keys = Object.keys(good);
  const out: Record<string, unknown> = { ...good };
  out[r.pick(keys)] = r.next() < 0.8 ? wrong(r) : hostileValue(r);
  if (r.next() < 0.3) out.type = r.pick(["video", "", "constructor", "__proto__", "text ", "TEXT", 7, null]);
  return out;
}

function openaiPart(r: Rng): unknown {
  return spoil(
    r,
    r.pick([
      { type: "text", text: "hi" },
      { type: "image_url", image_url: { url: "data:image/png;base64,QUJD" } },
      { type: "input_audio", input_audio: { data: "QUJD", format: "wav" } },
      { type: "file", file: { file_data: "data:application/pdf;base64,QUJD" } },
    ]),
  );
}

function openaiMessage(r: Rng): unknown {
  const role = r.pick(["user", "assistant", "system", "developer", "tool", "function", "wizard", "", 3]);
  const call = spoil(r, { id: "c1", type: "function", function: spoil(r, { name: "f", arguments: "{}" }) });
  return spoil(r, {
    role,
    content: r.next() < 0.5 ? [openaiPart(r), openaiPart(r)] : r.pick([null, "", [], "hi", 5, {}]),
    ...(role === "assistant" ? { tool_calls: r.pick([[call], [], null, call, [[]]]) } : {}),
    ...(role === "tool" ? { tool_call_id: r.pick(["c1", "", null, 7]) } : {}),
  });
}

function claudeBlock(r: Rng): unknown {
  return spoil(
    r,
    r.pick([
      { type: "text", text: "hi" },
      { type: "image", source: { type: "base64", media_type: "image/png", data: "QUJD" } },
      { type: "document", source: { type: "text", data: "x" } },
      { type: "tool_use", id: "t1", name: "f", input: {} },
      { type: "tool_result", tool_use_id: "t1", content: [{ type: "text", text: "r" }, { type: "x" }] },
      { type: "thinking", thinking: "t", signature: "s" },
      { type: "search_result", source: "s", title: "t", content: [] },
    ]),
  );
}

function geminiPart(r: Rng): unknown {
  return spoil(
    r,
    r.pick([
      { text: "hi" },
      { inlineData: { mimeType: "image/png", data: "QUJD" } },
      { fileData: { fileUri: "gs://b/x" } },
      { functionCall: { name: "f", args: {} } },
      { functionResponse: { name: "f", response: {} } },
      { executableCode: { code: "1" } },
      { thought: true },
      { text: "a", inlineData: { mimeType: "image/png", data: "QUJD" } },
    ]),
  );
}

function responsesItem(r: Rng): unknown {
  return spoil(
    r,
    r.pick([
      { role: "user", content: [spoil(r, { type: "input_text", text: "hi" }), { type: "input_video" }] },
      { type: "message", role: r.pick(["user", "assistant", "constructor"]), content: r.pick([null, [], "hi"]) },
      { type: "function_call", call_id: "c", name: "f", arguments: "{}" },
      { type: "function_call_output", call_id: "c", output: r.pick(["r", { a: 1 }, null, [{ type: "x" }]]) },
      { type: "computer_call", action: {} },
      { type: "reasoning", summary: [] },
    ]),
  );
}

const list = <T>(r: Rng, make: (r: Rng) => T): T[] | unknown =>
  r.next() < 0.1 ? wrong(r) : Array.from({ length: 1 + r.int(3) }, () => make(r));

/** [path, body] for one converted route of a random dialect pair. */
function contentBody(r: Rng): [string, unknown] {
  switch (r.int(4)) {
    case 0: // OpenAI chat -> Anthropic / Gemini channels
      return [
        "/v1/chat/completions",
        {
          model: r.pick(["fz-claude", "fz-gemini"]),
          max_tokens: 5,
          messages: list(r, openaiMessage),
          ...(r.next() < 0.3 ? { tools: list(r, (x) => spoil(x, { type: "function", function: { name: "f" } })) } : {}),
        },
      ];
    case 1: // Claude messages -> OpenAI / Gemini channels
      return [
        "/v1/messages",
        {
          model: r.pick(["fz-chat", "fz-gemini"]),
          max_tokens: 5,
          system: r.pick(["s", [{ type: "text", text: "s" }], [{ type: "image" }], [null]]),
          messages: list(r, (x) => ({ role: x.pick(["user", "assistant"]), content: list(x, claudeBlock) })),
        },
      ];
    case 2: // Gemini -> OpenAI / Anthropic channels
      return [
        `/v1beta/models/${r.pick(["fz-chat", "fz-claude"])}:generateContent`,
        {
          contents: list(r, (x) => ({ role: x.pick(["user", "model", "function"]), parts: list(x, geminiPart) })),
          ...(r.next() < 0.3 ? { systemInstruction: { parts: list(r, geminiPart) } } : {}),
        },
      ];
    default: // Responses -> Anthropic / Gemini channels
      return [
        "/v1/responses",
        { model: r.pick(["fz-claude", "fz-gemini"]), max_output_tokens: 5, input: list(r, responsesItem) },
      ];
  }
}

/** One request with wrong-typed content for a converted route, sent with the relay key. */
export function contentFuzz(r: Rng, index: number): FuzzRequest {
  const [path, body] = contentBody(r);
  return {
    index,
    role: "relay",
    method: "POST",
    path,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  };
}
