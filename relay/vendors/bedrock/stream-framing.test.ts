// Issue 20: the AWS event-stream decoder of Bedrock streams (prelude, headers, payload, two CRC32s),
// and its conversion to Anthropic SSE. Corrupted CRCs and lying lengths are clean errors.
import {
  EventStreamDecoder,
  EventStreamError,
  MAX_MESSAGE,
  crc32,
  encodeEventStreamMessage,
} from "@/relay/vendors/bedrock/stream-framing";
import { bedrockEventsToSse } from "@/relay/vendors/bedrock/stream";
import { bedrockBody, bedrockCredentials } from "@/relay/vendors/bedrock/adapter";
import type { AdapterContext } from "@/relay/kernel/adapter";

const chunk = (event: object) =>
  encodeEventStreamMessage(
    { ":event-type": "chunk", ":content-type": "application/json", ":message-type": "event" },
    JSON.stringify({ bytes: Buffer.from(JSON.stringify(event)).toString("base64") }),
  );

async function collect(parts: Buffer[]): Promise<string> {
  async function* src() {
    for (const p of parts) yield p;
  }
  let out = "";
  for await (const b of bedrockEventsToSse(src())) out += b.toString();
  return out;
}

test("crc32 matches the IEEE check value", () => {
  expect(crc32(Buffer.from("123456789"))).toBe(0xcbf43926);
});

test("decodes messages split across chunks byte by byte and several per chunk", () => {
  const a = chunk({ type: "message_start" });
  const b = chunk({ type: "message_stop" });
  const all = Buffer.concat([a, b]);
  const d = new EventStreamDecoder();
  const got = [];
  for (let i = 0; i < all.length; i++) got.push(...d.push(all.subarray(i, i + 1)));
  expect(got).toHaveLength(2);
  expect(got[0]!.headers[":event-type"]).toBe("chunk");
  expect(d.pending).toBe(0);
  expect(new EventStreamDecoder().push(all)).toHaveLength(2);
});

test("a corrupted message CRC, prelude CRC, lying lengths and a bad header are EventStreamErrors", () => {
  const good = chunk({ type: "ping" });
  const badMsg = Buffer.from(good);
  badMsg.writeUInt8(badMsg.readUInt8(badMsg.length - 6) ^ 0xff, badMsg.length - 6);
  expect(() => new EventStreamDecoder().push(badMsg)).toThrow(/message CRC/);
  const badPrelude = Buffer.from(good);
  badPrelude.writeUInt8(badPrelude.readUInt8(9) ^ 0xff, 9);
  expect(() => new EventStreamDecoder().push(badPrelude)).toThrow(/prelude CRC/);

  const lying = (total: number, headers: number) => {
    const p = Buffer.alloc(12);
    p.writeUInt32BE(total, 0);
    p.writeUInt32BE(headers, 4);
    p.writeUInt32BE(crc32(p.subarray(0, 8)), 8);
    return p;
  };
  expect(() => new EventStreamDecoder().push(lying(MAX_MESSAGE + 1, 0))).toThrow(EventStreamError);
  expect(() => new EventStreamDecoder().push(lying(8, 0))).toThrow(/length is invalid/);
  expect(() => new EventStreamDecoder().push(lying(100, 90))).toThrow(/length is invalid/);

  // A header block whose string length runs past its end.
  const msg = encodeEventStreamMessage({ a: "b" }, "{}");
  msg.writeUInt16BE(500, 12 + 3);
  msg.writeUInt32BE(crc32(msg.subarray(0, msg.length - 4)), msg.length - 4);
  expect(() => new EventStreamDecoder().push(msg)).toThrow(/overruns/);
});

test("Bedrock chunks become Anthropic SSE events; exceptions and framing errors become error events", async () => {
  const sse = await collect([chunk({ type: "message_start", message: { id: "m" } }), chunk({ type: "message_stop" })]);
  expect(sse).toBe(
    'event: message_start\ndata: {"type":"message_start","message":{"id":"m"}}\n\n' +
      'event: message_stop\ndata: {"type":"message_stop"}\n\n',
  );
  const exc = encodeEventStreamMessage(
    { ":message-type": "exception", ":exception-type": "throttlingException" },
    JSON.stringify({ message: "slow down" }),
  );
  expect(await collect([exc])).toContain('"error":{"type":"throttlingException","message":"slow down"}');
  const broken = Buffer.from(chunk({ type: "ping" }));
  broken.writeUInt8(broken.readUInt8(broken.length - 1) ^ 1, broken.length - 1);
  const out = await collect([chunk({ type: "message_start" }), broken]);
  expect(out).toMatch(/^event: message_start/);
  expect(out).toContain("event: error");
});

test("keys: AK|SK|region signs, APIKey|region is a Bearer key, region may come from `other`; bad keys refused", () => {
  expect(bedrockCredentials("AKIA|secret|us-east-1", "")).toMatchObject({ kind: "sigv4", region: "us-east-1" });
  expect(bedrockCredentials("ABSK-key|eu-west-3", "")).toEqual({
    kind: "apikey",
    apiKey: "ABSK-key",
    region: "eu-west-3",
  });
  expect(bedrockCredentials("ABSK-key", "us-west-2")).toMatchObject({ kind: "apikey", region: "us-west-2" });
  expect(() => bedrockCredentials("AKIA|secret|not a region", "")).toThrow();
  expect(() => bedrockCredentials("ABSK-key", "")).toThrow();
});

test("the InvokeModel body drops model and stream, sets bedrock-2023-05-31 and moves betas into the body", () => {
  const ctx = {
    clientHeaders: { "anthropic-beta": "interleaved-thinking-2025-05-14, context-1m-2025-08-07, pdfs-2024-09-25" },
  } as unknown as AdapterContext;
  expect(bedrockBody(ctx, { model: "x", stream: true, anthropic_version: "2023-06-01", max_tokens: 5 })).toEqual({
    anthropic_version: "bedrock-2023-05-31",
    max_tokens: 5,
    // context-1m is not on the allow-list (anthropic/adapter-betas.ts).
    anthropic_beta: ["interleaved-thinking-2025-05-14", "pdfs-2024-09-25"],
  });
});
