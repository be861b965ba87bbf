// Issue 36 "Input classes": Claude, Gemini and Responses requests converted to the OpenAI chat pivot
// (for a channel of another dialect) refuse what the conversion would drop, naming the field; the
// history a vendor gave back (thinking blocks, reasoning items) still passes. The OpenAI chat side:
// convert-refusals.test.ts.
import { claudeFormat } from "@/relay/vendors/anthropic/format";
import { ConversionRefused } from "@/relay/vendors/shared/convert-guard";
import type { Json } from "@/relay/kernel/format";
import { geminiFormat } from "@/relay/vendors/gemini/format";
import { responsesClientFormat } from "@/relay/vendors/shared/openai-responses/format";

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

describe("client dialects converted to the pivot", () => {
  const claude = (body: Json) => refusal(() => claudeFormat.checkConvertible!(body, "chat"));
  const gemini = (body: Json) => refusal(() => geminiFormat.checkConvertible!(body, "chat"));
  const responses = (body: Json) => refusal(() => responsesClientFormat.checkConvertible!(body, "chat"));
  const msg = (content: unknown, role = "user") => ({ model: "m", messages: [{ role, content }] });

  test.each([
    ["unknown block type", msg([{ type: "hologram" }]), "messages[0].content[0].type"],
    ["null text", msg([{ type: "text", text: null }]), "messages[0].content[0].text"],
    ["empty user content", msg([]), "messages[0].content"],
    [
      "tool_use in a user turn",
      msg([{ type: "tool_use", id: "t", name: "f", input: {} }]),
      "messages[0].content[0].type",
    ],
    [
      "image with a files-API source",
      msg([{ type: "image", source: { type: "file", file_id: "f" } }]),
      "messages[0].content[0].source.type",
    ],
    [
      "text document",
      msg([{ type: "document", source: { type: "text", data: "x" } }]),
      "messages[0].content[0].source.type",
    ],
    ["tool_result without its id", msg([{ type: "tool_result", content: "r" }]), "messages[0].content[0].tool_use_id"],
    [
      "unknown block in a tool_result",
      msg([{ type: "tool_result", tool_use_id: "t", content: [{ type: "x" }] }]),
      "messages[0].content[0].content[0].type",
    ],
    ["image in the system", { ...msg("a"), system: [{ type: "image" }] }, "system[0].type"],
    ["a tool without a name", { ...msg("a"), tools: [{ input_schema: {} }] }, "tools[0].name"],
  ])("Claude: %s", (_, body, field) => expect(claude(body).message).toContain(`'${field}'`));

  test.each([
    ["a part with no data field", { contents: [{ parts: [{ thought: true }] }] }, "contents[0].parts[0]"],
    [
      "a part with two data fields",
      { contents: [{ parts: [{ text: "a", inlineData: { mimeType: "image/png", data: "x" } }] }] },
      "contents[0].parts[0]",
    ],
    ["empty parts", { contents: [{ role: "user", parts: [] }] }, "contents[0].parts"],
    [
      "inline data without data",
      { contents: [{ parts: [{ inlineData: { mimeType: "image/png" } }] }] },
      "contents[0].parts[0].inlineData.data",
    ],
    [
      "an image in a model turn",
      { contents: [{ role: "model", parts: [{ inlineData: { mimeType: "image/png", data: "x" } }] }] },
      "contents[0].parts[0].inlineData",
    ],
    [
      "code execution",
      { contents: [{ parts: [{ executableCode: { code: "1" } }] }] },
      "contents[0].parts[0].executableCode",
    ],
    [
      "a nameless function call",
      { contents: [{ role: "model", parts: [{ functionCall: { args: {} } }] }] },
      "contents[0].parts[0].functionCall.name",
    ],
    [
      "an image in the system instruction",
      { contents: [{ parts: [{ text: "a" }] }], systemInstruction: { parts: [{ fileData: { fileUri: "x" } }] } },
      "systemInstruction.parts[0].fileData",
    ],
  ])("Gemini: %s", (_, body, field) => expect(gemini(body).message).toContain(`'${field}'`));

  test.each([
    [
      "unknown part type",
      { input: [{ role: "user", content: [{ type: "input_video" }] }] },
      "input[0].content[0].type",
    ],
    [
      "null text",
      { input: [{ role: "user", content: [{ type: "input_text", text: null }] }] },
      "input[0].content[0].text",
    ],
    ["unknown role", { input: [{ role: "constructor", content: "a" }] }, "input[0].role"],
    ["unknown item", { input: [{ type: "computer_call", action: {} }] }, "input[0].type"],
    ["null content", { input: [{ role: "user", content: null }] }, "input[0].content"],
    ["a number item", { input: [7] }, "input[0]"],
    [
      "a stored-file image",
      { input: [{ role: "user", content: [{ type: "input_image", file_id: "f" }] }] },
      "input[0].content[0].image_url",
    ],
    ["a call without its id", { input: [{ type: "function_call", name: "f", arguments: "{}" }] }, "input[0].call_id"],
    [
      "an output as an object",
      { input: [{ type: "function_call_output", call_id: "c", output: { a: 1 } }] },
      "input[0].output",
    ],
  ])("Responses: %s", (_, body, field) => expect(responses(body).message).toContain(`'${field}'`));

  test("Gemini embeddings to OpenAI: texts only (an image part was dropped)", () => {
    const embed = (body: Json) => refusal(() => geminiFormat.checkConvertible!(body, "embeddings"));
    const image = { inlineData: { mimeType: "image/png", data: "x" } };
    expect(embed({ content: { parts: [{ text: "a" }, image] } }).message).toContain("'content.parts[1].inlineData'");
    expect(embed({ requests: [{ content: { parts: [] } }] }).message).toContain("'requests[0].content.parts'");
    expect(() =>
      geminiFormat.checkConvertible!({ requests: [{ content: { parts: [{ text: "a" }] } }] }, "embeddings"),
    ).not.toThrow();
  });

  test("valid requests pass, with the history a vendor gave back (thinking, reasoning items)", () => {
    expect(() =>
      claudeFormat.checkConvertible!(
        {
          system: [{ type: "text", text: "s" }],
          messages: [
            {
              role: "user",
              content: [
                { type: "text", text: "a" },
                { type: "image", source: { type: "url", url: "https://x.test/a.png" } },
              ],
            },
            {
              role: "assistant",
              content: [
                { type: "thinking", thinking: "t" },
                { type: "tool_use", id: "t1", name: "f", input: {} },
              ],
            },
            {
              role: "user",
              content: [{ type: "tool_result", tool_use_id: "t1", content: [{ type: "text", text: "r" }] }],
            },
            { role: "assistant", content: "" },
          ],
        },
        "chat",
      ),
    ).not.toThrow();
    expect(() =>
      geminiFormat.checkConvertible!(
        {
          contents: [
            { role: "user", parts: [{ text: "a" }] },
            { role: "model", parts: [{ text: "t", thought: true }, { functionCall: { name: "f", args: {} } }] },
          ],
        },
        "chat",
      ),
    ).not.toThrow();
    expect(() =>
      responsesClientFormat.checkConvertible!(
        {
          input: [
            "a",
            { type: "reasoning", summary: [] },
            { type: "function_call", call_id: "c", name: "f", arguments: "{}" },
            { type: "function_call_output", call_id: "c", output: "r" },
          ],
        },
        "chat",
      ),
    ).not.toThrow();
  });
});
