// Pure pieces of the non-chat endpoints: Responses usage and prompt text, the Azure Responses URL.
import { azureAdapter } from "@/relay/vendors/azure/adapter";
import type { AdapterContext } from "@/relay/kernel/adapter";
import type { CachedChannel } from "@/lib/server/cache/channel-cache";
import { responsesPromptText, usageFromResponses } from "@/relay/endpoints/responses";
import { forwardingPipe } from "@/relay/upstream/attempt-stream";

test("Responses usage: input includes cached tokens, output includes reasoning", () => {
  expect(
    usageFromResponses({
      input_tokens: 20,
      input_tokens_details: { cached_tokens: 8 },
      output_tokens: 30,
      output_tokens_details: { reasoning_tokens: 10 },
    }),
  ).toEqual({ promptTokens: 20, completionTokens: 30, cachedTokens: 8 });
  expect(usageFromResponses(null)).toBeNull();
  expect(usageFromResponses({ input_tokens: 0, output_tokens: 0 })).toBeNull();
});

test("Responses prompt text: instructions, string input, message items and tool outputs", () => {
  expect(responsesPromptText({ instructions: "be brief", input: "hello" })).toBe("be brief\nhello");
  expect(
    responsesPromptText({
      input: [
        {
          role: "user",
          content: [
            { type: "input_text", text: "first" },
            { type: "input_image", image_url: "x" },
          ],
        },
        { role: "assistant", content: "second" },
        { type: "function_call_output", call_id: "c", output: "42" },
      ],
    }),
  ).toBe("first\n\nsecond\n42");
});

test("Azure serves the Responses API outside the deployments tree", () => {
  const ctx = {
    channel: { baseUrl: "https://x.openai.azure.com/", other: "", createdTime: 0 } as unknown as CachedChannel,
    key: "k",
    mode: "responses",
    path: "/v1/responses",
    upstreamModel: "gpt-4.1",
    stream: true,
  } satisfies AdapterContext;
  const r = azureAdapter.buildRequest(ctx, { model: "gpt-4.1", input: "hi" });
  expect(r.url).toBe("https://x.openai.azure.com/openai/v1/responses?api-version=preview");
  expect(r.headers["api-key"]).toBe("k");
  expect(JSON.parse(r.body as string)).toEqual({ model: "gpt-4.1", input: "hi" });
  const chat = azureAdapter.buildRequest({ ...ctx, mode: "chat" }, {});
  expect(chat.url).toContain("/openai/deployments/gpt-4.1/chat/completions");
});

test("forwarding pipe: frames rebuilt as received (event line, multi-line data), text and usage tapped", () => {
  const pipe = forwardingPipe((type, data) => {
    if (type === "delta") return { text: data };
    if (type === "done") return { usage: { promptTokens: 1, completionTokens: 2, cachedTokens: 0 } };
  });
  expect(pipe.push({ event: "delta", data: "ab" })).toEqual(["event: delta\ndata: ab\n\n"]);
  expect(pipe.push({ data: "line1\nline2" })).toEqual(["data: line1\ndata: line2\n\n"]);
  expect(pipe.push({ event: "delta", data: "cd" })).toEqual(["event: delta\ndata: cd\n\n"]);
  expect(pipe.text()).toBe("abcd");
  expect(pipe.usage()).toBeNull();
  pipe.push({ event: "done", data: "{}" });
  expect(pipe.usage()).toEqual({ promptTokens: 1, completionTokens: 2, cachedTokens: 0 });
  expect(pipe.end({ promptTokens: 1, completionTokens: 2, cachedTokens: 0 })).toEqual([]);
});
