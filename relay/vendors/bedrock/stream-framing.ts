import "server-only";

// AWS event-stream framing (application/vnd.amazon.eventstream), as Bedrock's
// InvokeModelWithResponseStream / ConverseStream answer: each message is
//   prelude [total length u32][headers length u32][prelude CRC32 u32], headers, payload, [message CRC32 u32]
// (big-endian; both CRCs are CRC-32/IEEE). The decoder is incremental, linear in the bytes received,
// and bounded: a message may not exceed MAX_MESSAGE bytes, and any lying length or bad CRC is a
// clean EventStreamError (the stream then ends as an upstream error).

export const MAX_MESSAGE = 16 * 1024 * 1024;
const PRELUDE = 12;
const MIN_MESSAGE = PRELUDE + 4;

export class EventStreamError extends Error {}

export type EventStreamMessage = { headers: Record<string, string | number | boolean>; payload: Buffer };

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** CRC-32 (IEEE 802.3), the checksum of the event-stream prelude and message. */
export function crc32(buf: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function parseHeaders(buf: Buffer): EventStreamMessage["headers"] {
  const out: EventStreamMessage["headers"] = {};
  let i = 0;
  const need = (n: number) => {
    if (i + n > buf.length) throw new EventStreamError("event-stream header overruns its block");
  };
  while (i < buf.length) {
    need(1);
    const nameLen = buf.readUInt8(i++);
    need(nameLen + 1);
    const name = buf.toString("utf8", i, i + nameLen);
    i += nameLen;
    const type = buf.readUInt8(i++);
    const fixed: Record<number, number> = { 2: 1, 3: 2, 4: 4, 5: 8, 8: 8, 9: 16 };
    if (type === 0 || type === 1) out[name] = type === 0;
    else if (type === 6 || type === 7) {
      need(2);
      const len = buf.readUInt16BE(i);
      i += 2;
      need(len);
      out[name] = type === 7 ? buf.toString("utf8", i, i + len) : buf.toString("base64", i, i + len);
      i += len;
    } else if (fixed[type] !== undefined) {
      const size = fixed[type];
      need(size);
      out[name] = type === 2 ? buf.readInt8(i) : type === 3 ? buf.readInt16BE(i) : type === 4 ? buf.readInt32BE(i) : 0;
      i += size;
    } else throw new EventStreamError(`event-stream header type ${type} is unknown`);
  }
  return out;
}

/** Incremental decoder: push network chunks, get whole messages back. */
export class EventStreamDecoder {
  private chunks: Buffer[] = [];
  private size = 0;

  push(chunk: Buffer): EventStreamMessage[] {
    this.chunks.push(chunk);
    this.size += chunk.length;
    const out: EventStreamMessage[] = [];
    for (;;) {
      if (this.size < PRELUDE) return out;
      const head = this.peek(PRELUDE);
      const total = head.readUInt32BE(0);
      const headersLen = head.readUInt32BE(4);
      if (crc32(head.subarray(0, 8)) !== head.readUInt32BE(8))
        throw new EventStreamError("event-stream prelude CRC mismatch");
      if (total < MIN_MESSAGE || total > MAX_MESSAGE || headersLen > total - MIN_MESSAGE)
        throw new EventStreamError("event-stream message length is invalid");
      if (this.size < total) return out;
      const msg = this.take(total);
      if (crc32(msg.subarray(0, total - 4)) !== msg.readUInt32BE(total - 4))
        throw new EventStreamError("event-stream message CRC mismatch");
      out.push({
        headers: parseHeaders(msg.subarray(PRELUDE, PRELUDE + headersLen)),
        payload: msg.subarray(PRELUDE + headersLen, total - 4),
      });
    }
  }

  /** Bytes left over at the end of the body (a truncated message). */
  get pending(): number {
    return this.size;
  }

  private peek(n: number): Buffer {
    let first = this.chunks[0]!;
    if (first.length < n) this.chunks = [(first = Buffer.concat(this.chunks))];
    return first.subarray(0, n);
  }

  private take(n: number): Buffer {
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    this.chunks = all.length > n ? [all.subarray(n)] : [];
    this.size -= n;
    return all.subarray(0, n);
  }
}

/** Encodes one message (string headers only): the tests' and mocks' side of the framing. */
export function encodeEventStreamMessage(headers: Record<string, string>, payload: Buffer | string): Buffer {
  const hs = Object.entries(headers).map(([k, v]) => {
    const name = Buffer.from(k);
    const value = Buffer.from(v);
    const b = Buffer.alloc(1 + name.length + 1 + 2 + value.length);
    b[0] = name.length;
    name.copy(b, 1);
    b[1 + name.length] = 7;
    b.writeUInt16BE(value.length, 2 + name.length);
    value.copy(b, 4 + name.length);
    return b;
  });
  const h = Buffer.concat(hs);
  const p = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
  const total = PRELUDE + h.length + p.length + 4;
  const msg = Buffer.alloc(total);
  msg.writeUInt32BE(total, 0);
  msg.writeUInt32BE(h.length, 4);
  msg.writeUInt32BE(crc32(msg.subarray(0, 8)), 8);
  h.copy(msg, PRELUDE);
  p.copy(msg, PRELUDE + h.length);
  msg.writeUInt32BE(crc32(msg.subarray(0, total - 4)), total - 4);
  return msg;
}
