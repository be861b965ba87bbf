// streamChat against a scripted fetch: events are handed over as bytes arrive (not at the end),
// split events are joined, [DONE] ends, errors carry the server's message, abort is a close.
import { PLAYGROUND_PATH, streamChat } from "@/modules/playground/client/stream-chat";
import { buildChatRequest, DEFAULT_SETTINGS, type StreamEvent } from "@/modules/playground/chat/chat-state";

const body = buildChatRequest(DEFAULT_SETTINGS, []);
const chunk = (content: string) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`;

/** A Response whose body yields `parts` one by one, each only when `release()` is called. */
function gatedStream(parts: string[]) {
  const encoder = new TextEncoder();
  let pull: (() => void) | null = null;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      await new Promise<void>((r) => (pull = r));
      const next = parts.shift();
      if (next === undefined) controller.close();
      else controller.enqueue(encoder.encode(next));
    },
  });
  const response = new Response(stream, { status: 200, headers: { "content-type": "text/event-stream" } });
  const release = async () => {
    for (let i = 0; i < 50 && !pull; i++) await new Promise((r) => setTimeout(r, 1));
    const p = pull!;
    pull = null;
    p();
    await new Promise((r) => setTimeout(r, 5));
  };
  return { response, release };
}

const realFetch = global.fetch;
afterEach(() => {
  global.fetch = realFetch;
});

test("posts the JSON body and hands each chunk over as it arrives", async () => {
  const parts = [chunk("Hel"), `${chunk("lo").slice(0, 10)}`, `${chunk("lo").slice(10)}`, "data: [DONE]\n\n"];
  const { response, release } = gatedStream(parts);
  const fetchMock = jest.fn().mockResolvedValue(response);
  global.fetch = fetchMock as never;
  const events: StreamEvent[] = [];
  const done = streamChat(body, { signal: new AbortController().signal, onEvent: (e) => events.push(e) });

  await release();
  expect(events).toEqual([{ type: "delta", content: "Hel" }]);
  await release(); // half an event: nothing yet
  expect(events).toHaveLength(1);
  await release();
  expect(events).toEqual([
    { type: "delta", content: "Hel" },
    { type: "delta", content: "lo" },
  ]);
  await release();
  await done;
  expect(events.at(-1)).toEqual({ type: "done" });
  expect(events.filter((e) => e.type !== "delta")).toHaveLength(1);

  const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
  expect(url).toBe(PLAYGROUND_PATH);
  expect(init.method).toBe("POST");
  expect((init.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
  expect(JSON.parse(init.body as string)).toEqual(body);
});

test("an error answer becomes one error event with the server's message; 401 also reports the session", async () => {
  global.fetch = jest.fn().mockResolvedValue(
    new Response(JSON.stringify({ error: { message: "No available channel for model x", code: "model_not_found" } }), {
      status: 503,
      headers: { "content-type": "application/json" },
    }),
  ) as never;
  const events: StreamEvent[] = [];
  await streamChat(body, { signal: new AbortController().signal, onEvent: (e) => events.push(e) });
  expect(events).toEqual([{ type: "error", detail: "No available channel for model x (503)" }]);

  global.fetch = jest.fn().mockResolvedValue(new Response("{}", { status: 401 })) as never;
  const onUnauthorized = jest.fn();
  const again: StreamEvent[] = [];
  await streamChat(body, { signal: new AbortController().signal, onEvent: (e) => again.push(e), onUnauthorized });
  expect(onUnauthorized).toHaveBeenCalledTimes(1);
  expect(again).toEqual([{ type: "error", detail: "HTTP 401" }]);
});

test("an error event inside the stream ends it with the error", async () => {
  const { response, release } = gatedStream([
    chunk("part"),
    `data: ${JSON.stringify({ error: { message: "upstream failed" } })}\n\n`,
    chunk("ignored"),
  ]);
  global.fetch = jest.fn().mockResolvedValue(response) as never;
  const events: StreamEvent[] = [];
  const done = streamChat(body, { signal: new AbortController().signal, onEvent: (e) => events.push(e) });
  await release();
  await release();
  await done;
  expect(events).toEqual([
    { type: "delta", content: "part" },
    { type: "error", detail: "upstream failed" },
  ]);
});

test("stop (abort) closes the reply with what arrived", async () => {
  const { response, release } = gatedStream([chunk("first"), chunk("never")]);
  const controller = new AbortController();
  global.fetch = jest.fn().mockResolvedValue(response) as never;
  const events: StreamEvent[] = [];
  const done = streamChat(body, { signal: controller.signal, onEvent: (e) => events.push(e) });
  await release();
  controller.abort();
  await done;
  expect(events[0]).toEqual({ type: "delta", content: "first" });
  expect(events.at(-1)).toEqual({ type: "closed" });
  expect(events).toHaveLength(2);
});

test("a stream that ends without [DONE] is closed, and its last unterminated event still counts", async () => {
  const { response, release } = gatedStream([
    chunk("a"),
    `data: ${JSON.stringify({ choices: [{ delta: { content: "b" } }] })}`,
  ]);
  global.fetch = jest.fn().mockResolvedValue(response) as never;
  const events: StreamEvent[] = [];
  const done = streamChat(body, { signal: new AbortController().signal, onEvent: (e) => events.push(e) });
  await release();
  await release();
  await release();
  await done;
  expect(events).toEqual([{ type: "delta", content: "a" }, { type: "delta", content: "b" }, { type: "closed" }]);
});
