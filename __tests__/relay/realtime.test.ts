// Realtime voice through the gateway (issue 42): GET /v1/realtime upgraded to a WebSocket and relayed
// both ways to a mock OpenAI realtime server on loopback that checks the channel's key and the model;
// each `response.done` billed as it arrives (text and audio tokens, AudioRatio / AudioCompletionRatio),
// exactly once, Σ logs == the ledger; refusals before upgrading; the quota running out mid-session;
// binary frames, an oversized frame, a client that stops reading, an abrupt close on either side.
// The official `openai` SDK's OpenAIRealtimeWS always dials wss://, so it reaches the gateway through
// a TLS terminator with a throwaway certificate (openssl).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import tls from "node:tls";
import OpenAI from "openai";
import { OpenAIRealtimeWS } from "openai/realtime/ws";
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

const MODEL = "gpt-rt";
const UPSTREAM_KEY = "sk-upstream-realtime";
const USAGE = {
  total_tokens: 150,
  input_tokens: 100,
  output_tokens: 50,
  input_token_details: { text_tokens: 60, audio_tokens: 40, cached_tokens: 0 },
  output_token_details: { text_tokens: 20, audio_tokens: 30 },
};
// 60 text + 20×4 + 40×8 + 30×8×2 = 940 tokens, × model ratio 2 = 1880 quota per response
const PER_RESPONSE = expectedQuota({ textIn: 60, textOut: 20, audioIn: 40, audioOut: 30 });

type Mock = { url: string; sockets: WebSocket[]; close: () => Promise<void> };

/** A realtime server as OpenAI's: Bearer key and ?model checked at the handshake, scripted events. */
async function startRealtimeMock(): Promise<Mock> {
  const server = http.createServer((_req, res) => res.writeHead(404).end());
  const sockets: WebSocket[] = [];
  const wss = new WebSocketServer({
    server,
    verifyClient: ({ req }: { req: http.IncomingMessage }) =>
      req.headers.authorization === `Bearer ${UPSTREAM_KEY}` &&
      new URL(req.url ?? "/", "http://x").searchParams.get("model") === MODEL,
  });
  wss.on("connection", (ws) => {
    sockets.push(ws);
    ws.send(JSON.stringify({ type: "session.created", session: { model: MODEL } }));
    ws.on("message", (data, isBinary) => {
      if (isBinary) return void ws.send(data, { binary: true }); // echoed as it came
      const event = JSON.parse(data.toString()) as { type: string; mb?: number };
      if (event.type === "response.create") {
        ws.send(JSON.stringify({ type: "response.created", response: { id: "resp_1" } }));
        ws.send(JSON.stringify({ type: "response.output_text.delta", delta: "hello" }));
        ws.send(JSON.stringify({ type: "response.done", response: { id: "resp_1", usage: USAGE } }));
      } else if (event.type === "test.flood") {
        const chunk = JSON.stringify({ type: "response.output_audio.delta", delta: "A".repeat(1024 * 1024) });
        for (let i = 0; i < (event.mb ?? 1); i++) ws.send(chunk);
        ws.send(JSON.stringify({ type: "test.flood_done" }));
      } else if (event.type === "test.drop") ws.terminate();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sockets,
    close: () =>
      new Promise((r) => {
        for (const s of sockets) s.terminate();
        wss.close();
        server.close(() => r());
      }),
  };
}

/** TLS in front of the gateway (the SDK dials wss:// only). */
function startTlsFront(gatewayPort: number): Promise<{ port: number; ca: string; close: () => void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rt-tls-"));
  const [key, cert] = [path.join(dir, "key.pem"), path.join(dir, "cert.pem")];
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
      ...[
        "-keyout",
        key,
        "-out",
        cert,
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
      ],
    ],
    { stdio: "ignore" },
  );
  const ca = fs.readFileSync(cert, "utf8");
  const server = tls.createServer({ key: fs.readFileSync(key), cert: ca }, (front) => {
    const back = net.connect(gatewayPort, "127.0.0.1");
    front.pipe(back).pipe(front);
    front.on("error", () => back.destroy());
    back.on("error", () => front.destroy());
  });
  return new Promise((r) =>
    server.listen(0, "127.0.0.1", () =>
      r({ port: (server.address() as AddressInfo).port, ca, close: () => server.close() }),
    ),
  );
}

let gw: Gateway;
let mock: Mock;

beforeAll(async () => {
  mock = await startRealtimeMock();
  gw = await startGateway({ env: { RELAY_MAX_BODY_MB: "2", STREAMING_TIMEOUT: "6" } });
  await priceRealtimeModels(gw, MODEL);
  await gw.createChannel({
    type: 1,
    name: "rt",
    key: UPSTREAM_KEY,
    base_url: mock.url,
    models: MODEL,
    group: "default",
  });
}, 120_000);
afterAll(async () => {
  await gw?.stop();
  await mock?.close();
});

const { wsUrl, open, logsOf, quotaOf } = realtimeClient(() => gw, MODEL);

test("the openai SDK's realtime client: events both ways, each response.done billed once", async () => {
  const u = await gw.createUser("rt-sdk", 100_000);
  const front = await startTlsFront(Number(new URL(gw.url).port));
  try {
    const client = new OpenAI({ apiKey: u.key, baseURL: `https://127.0.0.1:${front.port}/v1` });
    const rt = await OpenAIRealtimeWS.create(client, { model: MODEL, options: { ca: front.ca } });
    const created = new Promise((r) => rt.on("session.created", r));
    // A session closed early fails the test at once instead of waiting for jest's timeout.
    const done = () =>
      new Promise<{ response: { usage: unknown } }>((r, j) => {
        rt.once("response.done", r as never);
        rt.socket.once("close", (code) => j(new Error(`session closed (${code})`)));
      });
    await new Promise((r) => rt.socket.once("open", r));
    expect(await created).toMatchObject({ type: "session.created" });
    for (let i = 0; i < 2; i++) {
      const next = done();
      rt.send({ type: "response.create" });
      expect((await next).response.usage).toEqual(USAGE);
    }
    rt.close();
  } finally {
    front.close();
  }
  await gw.waitFor(async () => (await logsOf(u.id)).length === 2);
  const logs = await logsOf(u.id);
  expect(logs.map((l) => [l.quota, l.promptTokens, l.completionTokens])).toEqual([
    [PER_RESPONSE, 100, 50],
    [PER_RESPONSE, 100, 50],
  ]);
  expect(JSON.parse(logs[0]!.other)).toMatchObject({
    ws: true,
    audio_input: 40,
    audio_output: 30,
    audio_ratio: RATIOS.audio,
  });
  // Every hold given back: the balance moved by exactly the logs.
  await gw.waitFor(async () => (await quotaOf(u.id)) === 100_000 - 2 * PER_RESPONSE);
});

test("refused before upgrading, in OpenAI's error shape: no key, a model without channel, no quota, a model the token may not use", async () => {
  const poor = await gw.createUser("rt-poor", 0);
  const limited = await gw.createToken({ name: "rt-limited", model_limits_enabled: true, model_limits: "other-model" });
  const cases: [WebSocket, number, string | null][] = [
    [new WebSocket(wsUrl()), 401, "invalid_api_key"],
    [open(poor.key), 403, "insufficient_user_quota"],
    [open(limited.key), 403, "model_not_allowed"],
    [open(limited.key, wsUrl().replace(MODEL, "")), 400, "model_not_specified"],
  ];
  for (const [ws, status, code] of cases) {
    const r = await refused(ws);
    expect({ status: r.status, code: r.body.error.code }).toEqual({ status, code });
  }
  expect(await logsOf(poor.id)).toEqual([]);
});

test("binary frames pass both ways unchanged; a frame over the limit closes the session (1009)", async () => {
  const u = await gw.createUser("rt-binary", 100_000);
  const ws = open(u.key);
  await opened(ws);
  const bytes = Buffer.from([0, 1, 2, 250, 251, 252]);
  const back = new Promise<Buffer>((r) => ws.on("message", (d, isBinary) => isBinary && r(d as Buffer)));
  ws.send(bytes, { binary: true });
  expect(Buffer.compare(await back, bytes)).toBe(0);
  const code = closed(ws);
  ws.send(Buffer.alloc(3 * 1024 * 1024), { binary: true });
  expect(await code).toBe(1009);
  await gw.waitFor(async () => (await quotaOf(u.id)) === 100_000); // the hold went back, nothing billed
});

test("the quota running out mid-session: the client gets an insufficient_quota error event and a close", async () => {
  const u = await gw.createUser("rt-runs-out", 2_500);
  const ws = open(u.key);
  await opened(ws);
  const first = nextEvent(ws, "response.done");
  ws.send(JSON.stringify({ type: "response.create" }));
  await first;
  const error = nextEvent(ws, "error");
  const code = closed(ws);
  ws.send(JSON.stringify({ type: "response.create" }));
  expect(await error).toMatchObject({ error: { code: "insufficient_quota", type: "insufficient_quota" } });
  expect(await code).toBe(1008);
  const logs = await logsOf(u.id);
  expect(logs.map((l) => l.quota)).toEqual([PER_RESPONSE, PER_RESPONSE]);
  await gw.waitFor(async () => (await quotaOf(u.id)) === 2_500 - 2 * PER_RESPONSE);
});

test("a client that stops reading holds the upstream back; once it reads, every frame arrives in order", async () => {
  const u = await gw.createUser("rt-slow", 100_000);
  const ws = open(u.key);
  await opened(ws);
  let frames = 0;
  const all = new Promise<void>((r) =>
    ws.on("message", (d) => {
      if (String(d).includes("response.output_audio.delta")) frames++;
      else if (String(d).includes("test.flood_done")) r();
    }),
  );
  ws.pause();
  ws.send(JSON.stringify({ type: "test.flood", mb: 24 }));
  // While the client reads nothing, most of the 24 MB waits on the mock's side of the upstream socket
  // (the pause itself is proven frame by frame in relay/streaming/realtime-pump.test.ts).
  const upstream = mock.sockets.at(-1)!;
  await gw.waitFor(() => upstream.bufferedAmount > 8 * 1024 * 1024, 10_000);
  expect(frames).toBe(0);
  ws.resume();
  await all;
  expect(frames).toBe(24);
  ws.close();
});

test("an abrupt close on either side ends the other and returns the hold", async () => {
  const u = await gw.createUser("rt-abrupt", 100_000);
  const a = open(u.key);
  await opened(a);
  const aClosed = closed(a);
  a.send(JSON.stringify({ type: "test.drop" })); // the upstream vanishes
  expect(await aClosed).toBeGreaterThan(0);
  const b = open(u.key);
  await opened(b);
  const upstream = mock.sockets.at(-1)!;
  const upClosed = new Promise((r) => upstream.once("close", r));
  b.terminate(); // the client vanishes
  await upClosed;
  await gw.waitFor(async () => (await quotaOf(u.id)) === 100_000);
});

test("a session with no frame either way for STREAMING_TIMEOUT seconds (6 here: long enough for a loaded machine) is closed", async () => {
  const u = await gw.createUser("rt-idle", 100_000);
  const ws = open(u.key);
  await opened(ws);
  const started = Date.now();
  expect(await closed(ws)).toBe(1000);
  expect(Date.now() - started).toBeGreaterThanOrEqual(5_500);
  await gw.waitFor(async () => (await quotaOf(u.id)) === 100_000);
});

test("malformed frames (invalid UTF-8 text, a reserved opcode) close the session with 1007 / 1002, never a crash", async () => {
  const u = await gw.createUser("rt-malformed", 100_000);
  // A masked client frame written straight to the socket (the ws client would refuse to build these).
  const frame = (firstByte: number, payload: number[]) =>
    Buffer.from([firstByte, 0x80 | payload.length, 0, 0, 0, 0, ...payload]);
  for (const [bytes, code] of [
    [frame(0x81, [0xff, 0xfe]), 1007], // text frame, not UTF-8
    [frame(0x83, [0x61]), 1002], // opcode 3 is reserved
  ] as const) {
    const ws = open(u.key);
    await opened(ws);
    const done = closed(ws);
    (ws as unknown as { _socket: { write: (b: Buffer) => void } })._socket.write(bytes);
    expect(await done).toBe(code);
  }
  await gw.waitFor(async () => (await quotaOf(u.id)) === 100_000);
  const after = open(u.key); // the gateway still serves
  await opened(after);
  after.close();
});
