import "server-only";

// JSON calls to task upstreams (Midjourney, Suno submits and polls). They carry the channel key, so
// they follow the channel address rule like every other channel call (net/channel-address.ts:
// private addresses only while ChannelPrivateAddressEnabled, checked at connect time) and never
// follow a redirect (undici's request() does not). The answer is read up to a cap.
import { request } from "undici";
import { env } from "@/lib/env";
import { assertChannelTarget, channelAgent, channelPrivateAllowed } from "@/lib/server/net/channel-address";
import { getOptions } from "@/lib/server/options/store";
import { RelayError } from "@/relay/kernel/errors";
import { relayError } from "@/relay/kernel/error-codes";
import { discardBody } from "@/lib/server/net/discard-body";

/** Task answers are small JSON documents; a poll of many tasks stays far below this. */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/** Seconds to wait for an upstream task API (RELAY_TIMEOUT when set, else 60). */
export function upstreamTimeoutMs(): number {
  const t = env().RELAY_TIMEOUT;
  return (t > 0 ? t : 60) * 1000;
}

const unreachable = (why: string) => relayError("task_upstream_unreachable", { reason: why });

/** A JSON call to a task upstream; answers the status and the parsed body (null if not JSON). */
export async function upstreamJson(
  url: string,
  init: {
    method: "GET" | "POST";
    headers: Record<string, string>;
    /** A JSON value, serialized here. */
    body?: unknown;
    /** Bytes sent as they are (their content-type in `headers`): multipart video forms. */
    raw?: Buffer | string;
  },
): Promise<{ status: number; json: unknown }> {
  const allowPrivate = channelPrivateAllowed(await getOptions());
  const timeout = upstreamTimeoutMs();
  let status: number;
  const parts: Buffer[] = [];
  try {
    assertChannelTarget(url, allowPrivate);
    const res = await request(url, {
      method: init.method,
      headers: { ...init.headers, ...(init.body !== undefined ? { "content-type": "application/json" } : {}) },
      body: init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
      dispatcher: channelAgent(allowPrivate),
      signal: AbortSignal.timeout(timeout),
      headersTimeout: timeout,
      bodyTimeout: timeout,
    });
    status = res.statusCode;
    let size = 0;
    for await (const chunk of res.body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_ANSWER_BYTES) {
        discardBody(res.body);
        throw unreachable("answer too large");
      }
      parts.push(chunk);
    }
  } catch (err) {
    if (err instanceof RelayError) throw err;
    throw unreachable((err as Error).name);
  }
  const text = Buffer.concat(parts).toString("utf8");
  let json: unknown = null;
  try {
    json = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    json = null;
  }
  return { status, json };
}
