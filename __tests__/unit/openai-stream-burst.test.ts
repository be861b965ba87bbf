// The OpenAI stream reader (relay/streaming/openai-stream.ts) when a whole answer arrives in one
// network chunk: the events before the usage chunk go out byte for byte, the usage chunk is parsed
// (billed, hidden from a client that did not ask for it), and nothing is lost or repeated.
import type { ServerResponse } from "node:http";
import { firstMarkedEvent, relayStream } from "@/relay/streaming/openai-stream";
import type { RelayContext } from "@/relay/kernel/context";
import type { AdapterContext, ChannelAdapter } from "@/relay/kernel/adapter";
import { ctx as readerCtx, FakeRes, upstreamOf } from "@/test-support/unit/stream-reader-support";

const content = (i: number) =>
  `data: {"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"w${i}"},"finish_reason":null}]}\n\n`;
const finish = `data: {"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n`;
const usage = `data: {"id":"c","object":"chat.completion.chunk","choices":[],"usage":{"prompt_tokens":7,"completion_tokens":3,"total_tokens":10}}\n\n`;
const done = "data: [DONE]\n\n";

async function relayBurst(burst: string, clientWantsUsage: boolean) {
  const res = new FakeRes();
  async function* body() {
    yield Buffer.from(burst);
  }
  const result = await relayStream(
    { ...readerCtx, clientWantsUsage } as RelayContext,
    {} as ChannelAdapter,
    {} as AdapterContext,
    upstreamOf(body()),
    res as unknown as ServerResponse,
    new AbortController(),
    { inactivityMs: 0, pingSeconds: 0 },
  );
  return { text: res.text, result };
}

test("firstMarkedEvent: the start of the first event with usage or [DONE], else the length", () => {
  expect(firstMarkedEvent(content(1) + content(2))).toBe((content(1) + content(2)).length);
  expect(firstMarkedEvent(content(1) + content(2) + usage + done)).toBe((content(1) + content(2)).length);
  expect(firstMarkedEvent(content(1) + done)).toBe(content(1).length);
  expect(firstMarkedEvent(usage + done)).toBe(0);
  expect(firstMarkedEvent(done)).toBe(0);
  // "usage":null (OpenAI's include_usage chunks before the last) is not a usage chunk.
  const nullUsage = content(1).replace(',"choices"', ',"usage":null,"choices"');
  expect(firstMarkedEvent(nullUsage + usage)).toBe(nullUsage.length);
});

test("a whole answer in one chunk: content byte for byte, usage billed and hidden, [DONE] once", async () => {
  const events = [1, 2, 3].map(content).join("") + finish;
  const { text, result } = await relayBurst(events + usage + done, false);
  expect(text).toBe(events + done);
  expect(result.usage).toEqual({ promptTokens: 7, completionTokens: 3, cachedTokens: 0 });
  expect(result.estimated).toBe(false);
  expect(result.status).toEqual({ status: "ok", end_reason: "done" });
});

test("a client that asked for usage gets the usage chunk as the upstream sent it", async () => {
  const events = [1, 2].map(content).join("") + finish;
  const { text, result } = await relayBurst(events + usage + done, true);
  expect(text).toBe(events + usage + done);
  expect(result.usage.promptTokens).toBe(7);
});

test("usage on the finish chunk (choices not empty) is billed, and the chunk forwarded as received", async () => {
  const finishWithUsage = finish.replace(
    '"finish_reason":"stop"}]',
    '"finish_reason":"stop"}],"usage":{"prompt_tokens":5,"completion_tokens":2,"total_tokens":7}',
  );
  const { text, result } = await relayBurst(content(1) + finishWithUsage + done, false);
  expect(text).toBe(content(1) + finishWithUsage + done);
  expect(result.usage).toEqual({ promptTokens: 5, completionTokens: 2, cachedTokens: 0 });
});
