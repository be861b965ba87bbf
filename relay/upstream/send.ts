import "server-only";

// Upstream HTTP: keep-alive undici Agents shared by the process (net/channel-address.ts: one open,
// one that connects to public addresses only), called through upstream-call.ts. Streams are read as
// they arrive. Redirects are never followed, so a key is only ever sent to the channel's own address.
import { Readable } from "node:stream";
import { env } from "@/lib/env";
import { assertChannelTarget, channelAgent } from "@/lib/server/net/channel-address";
import type { UpstreamRequest } from "@/relay/kernel/adapter";
import type { UpstreamResponse } from "@/relay/kernel/upstream-body";
import { callUpstream, UpstreamAbort, UpstreamBody } from "@/relay/upstream/upstream-call";

export { UpstreamAbort };

export async function sendUpstream(
  req: UpstreamRequest,
  abort: UpstreamAbort,
  headersTimeoutMs: number,
  allowPrivate = true,
): Promise<UpstreamResponse> {
  // Signing / token lookup happens here, after the address check of the adapter's URL.
  assertChannelTarget(req.url, allowPrivate);
  const decodeStream = req.decodeStream;
  const decodeBody = req.decodeBody;
  if (req.finalize) req = await req.finalize({ signal: abort.signal, allowPrivate });
  assertChannelTarget(req.url, allowPrivate);
  const up = await callUpstream(channelAgent(allowPrivate), req.url, {
    method: req.method ?? "POST",
    headers: req.headers,
    body: req.method === "GET" ? undefined : req.body,
    abort,
    headersTimeout: headersTimeoutMs,
    maxAnswerBytes: env().RELAY_MAX_ANSWER_MB * 1048576,
  });
  if (up.statusCode < 200 || up.statusCode > 299) return up;
  if (decodeBody && !decodeStream) return { ...up, body: textBody(decodeBody(await up.body.text())) };
  if (!decodeStream) return up;
  // Only the streaming readers (for-await, destroy) see this body.
  const body = Readable.from(decodeStream(up.body as AsyncIterable<Buffer>), { objectMode: false });
  return { ...up, body: body as unknown as UpstreamBody };
}

/** A decoded answer in place of the upstream body: the readers use text(). */
function textBody(text: string): UpstreamBody {
  const body = new UpstreamBody(
    () => {},
    () => {},
  );
  body.received(Buffer.from(text));
  body.completed();
  return body;
}
