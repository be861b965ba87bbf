// Review N9: what the prompt carries beyond its text is priced for the reservation, not counted as 0.
import {
  attachmentTokens,
  contentAttachmentTokens,
  imageOutputTokens,
  STORED_CONTEXT_TOKENS,
  tokenIdCount,
  uploadAudioTokens,
} from "@/relay/kernel/prompt-extras";
import { estimatePromptTokens } from "@/relay/kernel/tokenize";
import { openaiFormat } from "@/relay/vendors/shared/openai-style/format";
import { claudeFormat } from "@/relay/vendors/anthropic/format";
import { geminiFormat } from "@/relay/vendors/gemini/format";
import { responsesCreateEndpoint } from "@/relay/endpoints/responses";
import { Readable } from "node:stream";
import type { IncomingMessage } from "node:http";

const b64 = (bytes: number) => Buffer.alloc(bytes, 7).toString("base64");

test("token-id prompts and inputs count by their length", () => {
  expect(tokenIdCount([1, 2, 3])).toBe(3);
  expect(tokenIdCount([[1, 2], [3], "x"])).toBe(3);
  expect(tokenIdCount("text")).toBe(0);
  const ids = Array.from({ length: 50_000 }, (_, i) => i);
  expect(estimatePromptTokens({ model: "m", prompt: [ids, ids] })).toBe(100_000);
  expect(estimatePromptTokens({ model: "m", input: ids })).toBe(50_000);
  const completions = openaiFormat.inspect({ model: "m", prompt: [ids] }, "completions");
  expect(completions.promptTokens).toBe(50_000);
});

test("files, documents and audio are priced by size", () => {
  // 30,000 decoded bytes of PDF: one token per 3 bytes.
  expect(attachmentTokens({ type: "file", file: { file_data: `data:application/pdf;base64,${b64(30_000)}` } })).toBe(
    10_000,
  );
  expect(attachmentTokens({ type: "input_file", file_data: b64(3_000) })).toBe(1_000);
  expect(attachmentTokens({ type: "document", source: { type: "base64", data: b64(3_000) } })).toBe(1_000);
  expect(attachmentTokens({ type: "input_audio", input_audio: { data: b64(375_000), format: "mp3" } })).toBe(3_000);
  expect(attachmentTokens({ type: "input_audio", input_audio: { data: b64(300_000), format: "wav" } })).toBe(300);
  expect(attachmentTokens({ type: "image_url", image_url: { url: `data:image/png;base64,${b64(90_000)}` } })).toBe(0);
  expect(attachmentTokens({ type: "text", text: "x".repeat(1000) })).toBe(0);
  expect(contentAttachmentTokens("plain")).toBe(0);

  const chat = openaiFormat.inspect(
    {
      model: "m",
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: "summarise" },
            { type: "file", file: { file_data: `data:application/pdf;base64,${b64(300_000)}` } },
          ],
        },
      ],
    },
    "chat",
  );
  expect(chat.promptTokens).toBeGreaterThanOrEqual(100_000);

  const claude = claudeFormat.inspect(
    {
      model: "c",
      max_tokens: 10,
      messages: [
        {
          role: "user",
          content: [{ type: "document", source: { type: "base64", media_type: "application/pdf", data: b64(60_000) } }],
        },
      ],
    },
    "chat",
  );
  expect(claude.promptTokens).toBeGreaterThanOrEqual(20_000);

  const gemini = geminiFormat.inspect(
    { contents: [{ role: "user", parts: [{ inlineData: { mimeType: "audio/mp3", data: b64(250_000) } }] }] },
    "chat",
  );
  expect(gemini.promptTokens).toBeGreaterThanOrEqual(2_000);
});

test("Responses previous_response_id and stored prompts reserve a bounded context allowance", async () => {
  const read = (body: unknown) => {
    const req = Object.assign(Readable.from([Buffer.from(JSON.stringify(body))]), { headers: {} });
    return responsesCreateEndpoint.read(req as unknown as IncomingMessage, new URL("http://x/"));
  };
  const plain = await read({ model: "m", input: "hi" });
  const chained = await read({ model: "m", input: "hi", previous_response_id: "resp_1" });
  const stored = await read({ model: "m", prompt: { id: "pmpt_1" } });
  expect(chained.facts.promptTokens - plain.facts.promptTokens).toBe(STORED_CONTEXT_TOKENS);
  expect(stored.facts.promptTokens).toBeGreaterThanOrEqual(STORED_CONTEXT_TOKENS);
});

test("non-chat modes reserve by their request: images by size and quality, uploads by size", () => {
  expect(imageOutputTokens("1024x1024", "low")).toBe(272);
  expect(imageOutputTokens("1536x1024", "high")).toBe(6208);
  // Unknown or "auto": the largest the row or column allows.
  expect(imageOutputTokens("1024x1024", "auto")).toBe(4160);
  expect(imageOutputTokens(undefined, undefined)).toBe(6240);
  expect(imageOutputTokens("constructor", "__proto__")).toBe(6240);
  expect(uploadAudioTokens(16_000_000)).toBe(10_000);
  expect(uploadAudioTokens(0)).toBe(0);
});
