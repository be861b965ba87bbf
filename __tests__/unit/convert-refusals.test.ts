// Issue 36 "Input classes": every conversion refuses what its target vendor would refuse (a 400
// naming the field, code invalid_field) instead of dropping it or sending a stand-in. Each converter
// is called as the relay calls it; the relay tests (relay/convert-refusals.ts) cover the wire shapes.
import { claudeFormat } from "@/relay/vendors/anthropic/format";
import { converseBody } from "@/relay/vendors/bedrock/request-converse";
import { cohereChatBody } from "@/relay/vendors/cohere/request";
import { ConversionRefused, inCallerLocale } from "@/relay/vendors/shared/convert-guard";
import { toCozeRequest } from "@/relay/vendors/coze/request";
import { toDifyRequest } from "@/relay/vendors/dify/request";
import type { Json } from "@/relay/kernel/format";
import { geminiFormat } from "@/relay/vendors/gemini/format";
import { ollamaChatBody } from "@/relay/vendors/ollama/request";
import { applySystemPrompt } from "@/relay/kernel/channel-transform";
import { convertOptionsFor } from "@/test-support/unit/convert-options";

const o = convertOptionsFor("m")();

/** The OpenAI chat converters (channel side), by target. */
const TARGETS: [string, (body: Json) => unknown][] = [
  ["Anthropic", (b) => claudeFormat.fromOpenAIRequest(b, o)],
  ["Gemini", (b) => geminiFormat.fromOpenAIRequest(b, o)],
  ["Bedrock Converse", (b) => converseBody(b)],
  ["Cohere", (b) => cohereChatBody(b, "m", false)],
  ["Ollama", (b) => ollamaChatBody(b, "m", false)],
  ["Dify", (b) => toDifyRequest(b, false, "u")],
  ["Coze", (b) => toCozeRequest(b, "bot", false, "u")],
];

/** The refusal `run` throws (fails the test when it throws nothing or something else). */
function refusal(run: () => unknown): ConversionRefused {
  try {
    run();
  } catch (e) {
    if (e instanceof ConversionRefused) return e;
    throw e;
  }
  throw new Error("not refused");
}

const user = (content: unknown) => ({ messages: [{ role: "user", content }] });

// Wrong-typed input every target refuses (OpenAI's own rules): field named, whatever the target.
const OPENAI_WRONG: [string, Json, string][] = [
  ["unknown part type", user([{ type: "text", text: "a" }, { type: "video" }]), "messages[0].content[1].type"],
  ["part without type", user([{ text: "a" }]), "messages[0].content[0].type"],
  ["null text", user([{ type: "text", text: null }]), "messages[0].content[0].text"],
  ["number where a string goes", user([{ type: "text", text: 7 }]), "messages[0].content[0].text"],
  ["null user content", user(null), "messages[0].content"],
  ["object content", user({ type: "text", text: "a" }), "messages[0].content"],
  [
    "image part in a system message",
    {
      messages: [
        { role: "system", content: [{ type: "image_url" }] },
        { role: "user", content: "a" },
      ],
    },
    "messages[0].content[0].type",
  ],
  ["unknown role", { messages: [{ role: "wizard", content: "a" }] }, "messages[0].role"],
  ["no messages", { messages: [] }, "messages"],
  [
    "image URL of another scheme",
    user([{ type: "image_url", image_url: { url: "file:///etc/passwd" } }]),
    "messages[0].content[0].image_url.url",
  ],
  [
    "tool call without a name",
    {
      messages: [
        {
          role: "assistant",
          content: null,
          tool_calls: [{ id: "c", type: "function", function: { arguments: "{}" } }],
        },
      ],
    },
    "messages[0].tool_calls[0].function.name",
  ],
  [
    "tool call as an array",
    { messages: [{ role: "assistant", content: null, tool_calls: [[]] }] },
    "messages[0].tool_calls[0]",
  ],
  [
    "tool message without its call id",
    {
      messages: [
        { role: "user", content: "a" },
        { role: "tool", content: "r" },
      ],
    },
    "messages[1].tool_call_id",
  ],
  ["tool without a function", { ...user("a"), tools: [{ type: "function" }] }, "tools[0].function"],
  ["custom tool", { ...user("a"), tools: [{ type: "custom", custom: { name: "x" } }] }, "tools[0].type"],
];

describe.each(TARGETS)("OpenAI chat -> %s", (_, convert) => {
  test.each(OPENAI_WRONG)("%s is refused, naming the field", (_name, body, field) => {
    const e = refusal(() => convert(body));
    expect([e.status, e.type, e.code]).toEqual([400, "invalid_request_error", "invalid_field"]);
    expect(e.message).toContain(`Invalid field '${field}'`);
  });

  test("a valid request converts", () => {
    const body = {
      messages: [
        { role: "system", content: "be brief" },
        {
          role: "user",
          content: [
            { type: "text", text: "hi" },
            { type: "image_url", image_url: { url: "https://x.test/a.png" } },
          ],
        },
        {
          role: "assistant",
          content: null,
          tool_calls: [{ id: "c1", type: "function", function: { name: "f", arguments: "{}" } }],
        },
        { role: "tool", tool_call_id: "c1", content: "done" },
        { role: "assistant", content: "" },
      ],
      tools: [{ type: "function", function: { name: "f" } }],
    };
    // Gemini, Bedrock and Ollama take images inline only (their own refusals, tested with them).
    const inline = { url: "data:image/png;base64,QUJD" };
    const content = body.messages[1]!.content as Json[];
    content[1] = {
      type: "image_url",
      image_url: _ === "Dify" || _ === "Anthropic" || _ === "Cohere" || _ === "Coze" ? content[1]!.image_url : inline,
    };
    expect(() => convert(body)).not.toThrow();
  });
});

test("embeddings: token ids cannot reach Gemini (they were embedded as the text of their JSON)", () => {
  const emb = { ...o, mode: "embeddings" as const };
  expect(refusal(() => geminiFormat.fromOpenAIRequest({ input: ["a", [1, 2]] }, emb)).message).toContain("'input[1]'");
  expect(geminiFormat.fromOpenAIRequest({ input: ["a"] }, emb)).toMatchObject({
    requests: [{ content: { parts: [{ text: "a" }] } }],
  });
});

test("a function tool without its type reaches Gemini, as every other converter takes it", () => {
  const out = geminiFormat.fromOpenAIRequest({ ...user("a"), tools: [{ function: { name: "f" } }] }, o);
  expect(out.tools).toEqual([{ functionDeclarations: [{ name: "f" }] }]);
});

test("what only some targets cannot carry is refused by those: audio, files, empty content", () => {
  const audio = user([{ type: "input_audio", input_audio: { data: "QUJD", format: "wav" } }]);
  expect(refusal(() => claudeFormat.fromOpenAIRequest(audio, o)).message).toContain(
    "'input_audio' cannot be converted",
  );
  expect(() => geminiFormat.fromOpenAIRequest(audio, o)).not.toThrow();
  const pdf = user([{ type: "file", file: { file_data: "data:application/pdf;base64,QUJD" } }]);
  const gemini = geminiFormat.fromOpenAIRequest(pdf, o) as { contents: Json[] };
  expect(gemini.contents[0]).toEqual({
    role: "user",
    parts: [{ inlineData: { mimeType: "application/pdf", data: "QUJD" } }],
  });
  expect(refusal(() => converseBody(pdf)).message).toContain("messages[0].content[0].type");
  const stored = user([{ type: "file", file: { file_id: "file-abc" } }]);
  expect(refusal(() => claudeFormat.fromOpenAIRequest(stored, o)).message).toContain(
    "messages[0].content[0].file.file_data",
  );
  // Claude, Gemini and Converse refuse empty content; Ollama and Cohere take it.
  for (const empty of [user(""), user([])]) {
    expect(refusal(() => claudeFormat.fromOpenAIRequest(empty, o)).message).toContain(
      "'messages[0].content': must not be empty",
    );
    expect(refusal(() => geminiFormat.fromOpenAIRequest(empty, o)).kind).toBe("empty");
    expect(refusal(() => converseBody(empty)).kind).toBe("empty");
    expect(() => ollamaChatBody(empty, "m", false)).not.toThrow();
  }
  // An empty tool result is a tool_result without content, not a "..." stand-in.
  const out = claudeFormat.fromOpenAIRequest(
    {
      messages: [
        { role: "user", content: "a" },
        { role: "assistant", content: null, tool_calls: [{ id: "c", function: { name: "f", arguments: "{}" } }] },
        { role: "tool", tool_call_id: "c", content: "" },
      ],
    },
    o,
  ) as { messages: Json[] };
  expect(out.messages.at(-1)).toEqual({ role: "user", content: [{ type: "tool_result", tool_use_id: "c" }] });
});

test("fields are named by the client's indices when the channel's system prompt was added", () => {
  const body = applySystemPrompt({ messages: [{ role: "user", content: [{ type: "video" }] }] }, "be nice");
  expect(refusal(() => claudeFormat.fromOpenAIRequest(body, o)).message).toContain("'messages[0].content[0].type'");
});

test("the refusal is made again in the caller's language", () => {
  const e = refusal(() => claudeFormat.fromOpenAIRequest(user(null), o));
  expect(inCallerLocale(e, { "accept-language": "en-US" }).message).toBe(e.message);
  expect(inCallerLocale(e, { "accept-language": "zh-CN" }).message).toBe(
    "字段 'messages[0].content' 无效：应为 string | array",
  );
});
