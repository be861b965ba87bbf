// The upstream realtime socket is handed over paused: an event the upstream sends at once
// (session.created) waits in the socket until the pump listens, instead of being emitted to nobody
// while the client's upgrade is still being accepted. Azure's realtime URL takes the API version and
// deployment name as new-api builds them (the whole session against a mock: __tests__/relay/realtime-azure.test.ts).
import http from "node:http";
import type { AddressInfo } from "node:net";
import WebSocket, { WebSocketServer } from "ws";
import type { CachedChannel } from "@/lib/server/cache/channel-cache";
import { connectRealtime, realtimeTarget } from "@/relay/upstream/realtime-connect";

const azure = (other: string, createdTime: number) =>
  ({ type: 3, baseUrl: "https://res.openai.azure.com/", other, organization: "", createdTime }) as CachedChannel;

test("Azure: the channel's API version else new-api's default, dots kept in the deployment except on channels made before 2025-05-10, api-key and no Bearer", () => {
  const now = Math.floor(Date.now() / 1000);
  expect(realtimeTarget(azure("", now), "az-key", "gpt-4.1-rt")).toEqual({
    url: "wss://res.openai.azure.com/openai/realtime?api-version=2025-04-01-preview&deployment=gpt-4.1-rt",
    headers: { "api-key": "az-key" },
  });
  const old = Date.UTC(2025, 0, 1) / 1000;
  expect(realtimeTarget(azure(" 2024-10-01-preview ", old), "az-key", "gpt-4.1-rt").url).toBe(
    "wss://res.openai.azure.com/openai/realtime?api-version=2024-10-01-preview&deployment=gpt-41-rt",
  );
});

test("the first upstream event is kept until someone listens", async () => {
  const server = http.createServer();
  const wss = new WebSocketServer({ server });
  wss.on("connection", (ws) => ws.send(JSON.stringify({ type: "session.created" })));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/v1/realtime?model=m`;
  try {
    const upstream = await connectRealtime(
      { url, headers: {} },
      { protocols: [], allowPrivate: true, maxPayload: 1024 * 1024 },
    );
    // The event has reached this side and waits unread in the socket (polled, with a deadline).
    const raw = (upstream as unknown as { _socket: { readableLength: number } })._socket;
    const deadline = Date.now() + 5_000;
    while (raw.readableLength === 0 && Date.now() < deadline) await new Promise((r) => setImmediate(r));
    expect(raw.readableLength).toBeGreaterThan(0);
    const first = new Promise<string>((r) => upstream.once("message", (d: WebSocket.RawData) => r(String(d))));
    upstream.resume();
    expect(JSON.parse(await first)).toEqual({ type: "session.created" });
    upstream.terminate();
  } finally {
    wss.close();
    server.close();
  }
});
