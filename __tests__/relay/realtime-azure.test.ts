// Realtime on an Azure OpenAI channel (type 3, issue 42), against a mock of Azure's realtime endpoint
// that accepts only what Azure accepts: {base}/openai/realtime with exactly api-version (the channel's,
// else new-api's default) and deployment (the model), the key in `api-key` and no Bearer; anything
// else is refused at the handshake and recorded. And audio from the client: input_audio_buffer.append
// frames (64 KB of audio, base64) and the commit reach the upstream byte for byte and in order, the
// audio comes back, and the response's audio usage is billed with AudioRatio / AudioCompletionRatio,
// once, Σ logs == the ledger. (OpenAI channels and the SDK: realtime.test.ts.)
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import WebSocket, { WebSocketServer } from "ws";
import { startGateway, type Gateway } from "./gateway";
import {
  closed,
  expectedQuota,
  nextEvent,
  opened,
  priceRealtimeModels,
  RATIOS,
  realtimeClient,
  refused,
} from "./realtime-support";

const MODEL = "gpt-rt-4.1"; // a dot: kept in the deployment name on a channel made after 2025-05-10
const BAD_KEY_MODEL = "gpt-rt-badkey";
const AZURE_KEY = "azure-realtime-key-1";
const API_VERSION = "2025-04-01-preview"; // new-api's AzureDefaultAPIVersion (the channel leaves "other" empty)
const TEXT_USAGE = {
  total_tokens: 80,
  input_tokens: 50,
  output_tokens: 30,
  input_token_details: { text_tokens: 50, audio_tokens: 0, cached_tokens: 0 },
  output_token_details: { text_tokens: 30, audio_tokens: 0 },
};
const AUDIO_USAGE = {
  total_tokens: 570,
  input_tokens: 420,
  output_tokens: 150,
  input_token_details: { text_tokens: 20, audio_tokens: 400, cached_tokens: 0 },
  output_token_details: { text_tokens: 30, audio_tokens: 120 },
};

type Session = { url: string; headers: http.IncomingHttpHeaders; received: Buffer[]; ws: WebSocket };
type AzureMock = { url: string; sessions: Session[]; refusals: string[]; close: () => Promise<void> };

/** What Azure's realtime endpoint would refuse in this handshake, or null. */
function refusal(req: http.IncomingMessage): string | null {
  const url = new URL(req.url ?? "/", "http://x");
  if (url.pathname !== "/openai/realtime") return `path ${url.pathname}`;
  if ([...url.searchParams.keys()].sort().join() !== "api-version,deployment") return `query ${url.search}`;
  if (url.searchParams.get("api-version") !== API_VERSION) return `api-version ${url.searchParams.get("api-version")}`;
  const deployment = url.searchParams.get("deployment") ?? "";
  if (![MODEL, BAD_KEY_MODEL].includes(deployment)) return `deployment ${deployment}`;
  if (req.headers.authorization !== undefined) return "an Authorization header";
  if (req.headers["api-key"] !== AZURE_KEY) return "api-key";
  return null;
}

/**
 * Azure's realtime endpoint on loopback: session.created first; appended audio is committed on
 * input_audio_buffer.commit and comes back as the response's audio; each response.done carries the
 * audio usage when audio was committed, else text usage. Every frame received is kept as it came.
 */
async function startAzureRealtimeMock(): Promise<AzureMock> {
  const server = http.createServer((_req, res) => res.writeHead(404).end());
  const sessions: Session[] = [];
  const refusals: string[] = [];
  const wss = new WebSocketServer({
    server,
    verifyClient: ({ req }: { req: http.IncomingMessage }, done: (ok: boolean, status?: number) => void) => {
      const why = refusal(req);
      if (why) refusals.push(why);
      done(!why, 401);
    },
  });
  wss.on("connection", (ws, req) => {
    const session: Session = { url: req.url ?? "", headers: req.headers, received: [], ws };
    sessions.push(session);
    let buffered: Buffer[] = [];
    let committed = ""; // base64, as the audio deltas carry it
    ws.send(JSON.stringify({ type: "session.created", session: { model: MODEL } }));
    ws.on("message", (data: Buffer) => {
      session.received.push(data);
      const event = JSON.parse(data.toString()) as { type: string; audio?: string };
      if (event.type === "input_audio_buffer.append") buffered.push(Buffer.from(event.audio ?? "", "base64"));
      else if (event.type === "input_audio_buffer.commit") {
        committed = Buffer.concat(buffered).toString("base64");
        buffered = [];
        ws.send(JSON.stringify({ type: "input_audio_buffer.committed", previous_item_id: null, item_id: "item_1" }));
      } else if (event.type === "response.create") {
        ws.send(JSON.stringify({ type: "response.created", response: { id: "resp_az" } }));
        if (committed) ws.send(JSON.stringify({ type: "response.output_audio.delta", delta: committed }));
        const usage = committed ? AUDIO_USAGE : TEXT_USAGE;
        ws.send(JSON.stringify({ type: "response.done", response: { id: "resp_az", usage } }));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sessions,
    refusals,
    close: () =>
      new Promise((r) => {
        for (const s of sessions) s.ws.terminate();
        wss.close();
        server.close(() => r());
      }),
  };
}

let gw: Gateway;
let mock: AzureMock;

beforeAll(async () => {
  mock = await startAzureRealtimeMock();
  gw = await startGateway();
  await priceRealtimeModels(gw, MODEL, BAD_KEY_MODEL);
  const azure = { type: 3, base_url: mock.url, other: "", group: "default" };
  await gw.createChannel({ ...azure, name: "rt-azure", key: AZURE_KEY, models: MODEL });
  await gw.createChannel({ ...azure, name: "rt-azure-badkey", key: "not-the-key", models: BAD_KEY_MODEL });
}, 120_000);
afterAll(async () => {
  await gw?.stop();
  await mock?.close();
});

const { open, logsOf, quotaOf } = realtimeClient(() => gw, MODEL);

/** Σ logs == the ledger: the user's balance moved by exactly its consume logs, every hold given back. */
async function balanceMatchesLogs(userId: number, start: number) {
  const spent = (await logsOf(userId)).reduce((n, l) => n + l.quota, 0);
  await gw.waitFor(async () => (await quotaOf(userId)) === start - spent);
}

test("an Azure channel: Azure's realtime URL, api-key and no Bearer; session.created, one response billed once", async () => {
  const u = await gw.createUser("rt-azure", 100_000);
  const before = mock.sessions.length;
  const ws = open(u.key);
  const created = nextEvent(ws, "session.created");
  await opened(ws);
  expect(await created).toMatchObject({ session: { model: MODEL } });
  const done = nextEvent(ws, "response.done");
  ws.send(JSON.stringify({ type: "response.create" }));
  expect(await done).toMatchObject({ response: { usage: TEXT_USAGE } });
  const end = closed(ws);
  ws.close();
  await end;

  expect(mock.refusals).toEqual([]);
  expect(mock.sessions.length).toBe(before + 1);
  const { url, headers } = mock.sessions.at(-1)!;
  expect(url).toBe(`/openai/realtime?api-version=${API_VERSION}&deployment=${MODEL}`);
  expect(headers["api-key"]).toBe(AZURE_KEY);
  expect(JSON.stringify(headers)).not.toContain(u.key); // the caller's gateway key never goes upstream

  await gw.waitFor(async () => (await logsOf(u.id)).length === 1);
  const logs = await logsOf(u.id);
  const quota = expectedQuota({ textIn: 50, textOut: 30, audioIn: 0, audioOut: 0 });
  expect(logs.map((l) => [l.quota, l.promptTokens, l.completionTokens])).toEqual([[quota, 50, 30]]);
  await balanceMatchesLogs(u.id, 100_000);
  expect(await quotaOf(u.id)).toBe(100_000 - quota);
});

test("the mock refuses what Azure refuses: OpenAI's path and Bearer directly, and a channel with another key through the gateway (no upgrade, nothing billed)", async () => {
  const direct = new WebSocket(`${mock.url.replace(/^http/, "ws")}/v1/realtime?model=${MODEL}`, {
    headers: { authorization: `Bearer ${AZURE_KEY}` },
  });
  const status = new Promise<number>((r) => direct.once("unexpected-response", (_q, res) => r(res.statusCode ?? 0)));
  direct.on("error", () => undefined);
  expect(await status).toBe(401);

  const u = await gw.createUser("rt-azure-badkey", 100_000);
  const { open: openBadKey } = realtimeClient(() => gw, BAD_KEY_MODEL);
  const answer = await refused(openBadKey(u.key));
  expect({ status: answer.status, code: answer.body.error.code }).toEqual({ status: 502, code: "upstream_error" });
  expect(mock.refusals.slice(-2)).toEqual(["path /v1/realtime", "api-key"]);
  expect(await logsOf(u.id)).toEqual([]);
  await gw.waitFor(async () => (await quotaOf(u.id)) === 100_000);
});

test("audio from the client: 64 KB appended in four frames and committed reach Azure byte for byte and in order; the audio response is billed with the audio ratios", async () => {
  const u = await gw.createUser("rt-azure-audio", 100_000);
  const audio = randomBytes(64 * 1024);
  // Spaced JSON with the audio before the type: a relay that parsed and re-serialised frames would not pass it on as sent.
  const frame = (e: Record<string, unknown>) => JSON.stringify(e, null, 1);
  const sent = [
    ...[0, 1, 2, 3].map((i) =>
      frame({
        audio: audio.subarray(i * 16 * 1024, (i + 1) * 16 * 1024).toString("base64"),
        type: "input_audio_buffer.append",
        event_id: `evt_append_${i}`,
      }),
    ),
    frame({ type: "input_audio_buffer.commit", event_id: "evt_commit" }),
  ];
  const ws = open(u.key);
  await opened(ws);
  const committed = nextEvent(ws, "input_audio_buffer.committed");
  for (const f of sent) ws.send(f);
  expect(await committed).toMatchObject({ item_id: "item_1" });
  const upstream = mock.sessions.at(-1)!;
  expect(upstream.received.map((b) => b.toString("hex"))).toEqual(sent.map((f) => Buffer.from(f).toString("hex")));

  // The committed audio comes back as the response's audio (upstream → client), then response.done.
  const delta = nextEvent(ws, "response.output_audio.delta");
  const done = nextEvent(ws, "response.done");
  ws.send(JSON.stringify({ type: "response.create" }));
  const back = (await delta).delta as string;
  expect(Buffer.compare(Buffer.from(back, "base64"), audio)).toBe(0);
  expect(await done).toMatchObject({ response: { usage: AUDIO_USAGE } });
  ws.close();

  await gw.waitFor(async () => (await logsOf(u.id)).length === 1);
  const [log] = await logsOf(u.id);
  // 20 text in + 30 text out × 4 + 400 audio in × 8 + 120 audio out × 8 × 2 = 5260 tokens, × model ratio 2
  const quota = expectedQuota({ textIn: 20, textOut: 30, audioIn: 400, audioOut: 120 });
  expect(quota).toBe(10_520);
  expect([log!.quota, log!.promptTokens, log!.completionTokens]).toEqual([quota, 420, 150]);
  expect(JSON.parse(log!.other)).toMatchObject({
    ws: true,
    audio_input: 400,
    audio_output: 120,
    audio_ratio: RATIOS.audio,
    audio_completion_ratio: RATIOS.audioCompletion,
  });
  await balanceMatchesLogs(u.id, 100_000);
  expect(await quotaOf(u.id)).toBe(100_000 - quota);
});
