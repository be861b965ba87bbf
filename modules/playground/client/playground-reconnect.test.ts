// Playground stream reconnect (issue 22 A13): off by default, where a broken stream is an
// error with its text appended; on, it waits 3000 ms, asks again with the partial reply
// as the assistant's turn and continues it; after the last attempt the reply stays incomplete;
// stop during the wait ends it; error answers are not retried.
import { streamChatWithReconnect } from "@/modules/playground/client/stream-reconnect";
import {
  applyStreamEvent,
  buildChatRequest,
  DEFAULT_SETTINGS,
  newMessage,
  STREAM_RECONNECT,
  type StreamEvent,
} from "@/modules/playground/chat/chat-state";
import { parseStoredPlayground } from "@/modules/playground/chat/stored-chat";

const body = buildChatRequest(DEFAULT_SETTINGS, [newMessage("user", "hi", "complete")]);
const chunk = (content: string) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`;

/** An event stream that sends `parts`, then either ends or breaks off with a network error. */
function sse(parts: string[], breaks: boolean): Response {
  const encoder = new TextEncoder();
  const queue = [...parts];
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = queue.shift();
      if (next !== undefined) controller.enqueue(encoder.encode(next));
      else if (breaks) controller.error(new TypeError("network error"));
      else controller.close();
    },
  });
  return new Response(stream, { status: 200, headers: { "content-type": "text/event-stream" } });
}

const realFetch = global.fetch;
let sent: { messages: { role: string; content: string }[] }[] = [];
function scripted(...responses: (() => Response | Promise<Response>)[]) {
  sent = [];
  const mock = jest.fn(async (_url: string, init: RequestInit) => {
    sent.push(JSON.parse(String(init.body)));
    const next = responses.length > 1 ? responses.shift()! : responses[0]!;
    return next();
  });
  global.fetch = mock as never;
  return mock;
}
afterEach(() => {
  global.fetch = realFetch;
  jest.useRealTimers();
});

async function run(
  reconnect: { enabled: boolean; delayMs?: number; maxAttempts?: number },
  controller = new AbortController(),
  stopOn?: StreamEvent["type"],
) {
  const events: StreamEvent[] = [];
  await streamChatWithReconnect(body, {
    signal: controller.signal,
    reconnect,
    onEvent: (e) => {
      events.push(e);
      if (e.type === stopOn) controller.abort();
    },
  });
  let reply = newMessage("assistant", "", "loading");
  for (const e of events) reply = applyStreamEvent(reply, e);
  return { events, reply };
}

test("the option is off by default, with a 3000 ms delay", () => {
  expect(DEFAULT_SETTINGS.streamReconnect).toBe(false);
  expect(STREAM_RECONNECT.delayMs).toBe(3000);
  const old = JSON.stringify({ settings: { ...DEFAULT_SETTINGS, streamReconnect: undefined }, messages: [] });
  const parsed = parseStoredPlayground(old);
  expect(parsed.kind === "ok" && parsed.value.settings.streamReconnect).toBe(false);
});

test("off: a broken stream is an error with its text appended, and nothing is sent again", async () => {
  const fetch = scripted(() => sse([chunk("Hel")], true));
  const { events, reply } = await run({ enabled: false });
  expect(fetch).toHaveBeenCalledTimes(1);
  expect(events.map((e) => e.type)).toEqual(["delta", "error"]);
  expect(reply.status).toBe("error");
  expect(reply.content).toBe("Hel\n\nnetwork error");
});

test("on: reconnects with the partial reply and continues it", async () => {
  scripted(
    () => sse([chunk("Hel")], true),
    () => sse([chunk("lo"), "data: [DONE]\n\n"], false),
  );
  const { events, reply } = await run({ enabled: true, delayMs: 1 });
  expect(events).toEqual([
    { type: "delta", content: "Hel" },
    { type: "reconnecting", attempt: 1 },
    { type: "delta", content: "lo" },
    { type: "done" },
  ]);
  expect(reply).toMatchObject({ content: "Hello", status: "complete" });
  expect(sent).toHaveLength(2);
  expect(sent[1]!.messages.at(-1)).toEqual({ role: "assistant", content: "Hel" });
  expect(sent[1]!.messages.slice(0, -1)).toEqual(sent[0]!.messages);
});

test("on: a connection that never comes back leaves the reply incomplete after the last attempt", async () => {
  const fetch = scripted(
    () => sse([chunk("part")], true),
    () => Promise.reject(new TypeError("Failed to fetch")),
  );
  const { events, reply } = await run({ enabled: true, delayMs: 1, maxAttempts: 2 });
  expect(fetch).toHaveBeenCalledTimes(3);
  expect(events.at(-1)).toEqual({ type: "interrupted" });
  expect(reply).toMatchObject({ content: "part", status: "incomplete" });
});

test("on: the first attempt waits 3000 ms by default", async () => {
  jest.useFakeTimers();
  const fetch = scripted(
    () => Promise.reject(new TypeError("Failed to fetch")),
    () => sse([chunk("ok"), "data: [DONE]\n\n"], false),
  );
  const done = run({ enabled: true });
  await jest.advanceTimersByTimeAsync(2999);
  expect(fetch).toHaveBeenCalledTimes(1);
  await jest.advanceTimersByTimeAsync(1);
  jest.useRealTimers();
  const { reply } = await done;
  expect(fetch).toHaveBeenCalledTimes(2);
  expect(reply).toMatchObject({ content: "ok", status: "complete" });
});

test("on: stop during the wait ends the reply with what arrived, without asking again", async () => {
  const fetch = scripted(() => sse([chunk("so far")], true));
  // The user presses stop as soon as the break is reported, i.e. during the (one minute) wait.
  const { events, reply } = await run({ enabled: true, delayMs: 60_000 }, new AbortController(), "reconnecting");
  expect(fetch).toHaveBeenCalledTimes(1);
  expect(events.at(-1)).toEqual({ type: "closed" });
  expect(reply).toMatchObject({ content: "so far", status: "complete" });
});

test("on: an error answer is not retried", async () => {
  const fetch = scripted(() => new Response(JSON.stringify({ error: { message: "quota" } }), { status: 403 }));
  const { reply } = await run({ enabled: true, delayMs: 1 });
  expect(fetch).toHaveBeenCalledTimes(1);
  expect(reply).toMatchObject({ status: "error", content: "quota (403)" });
});
