// Upstream HTTP: one keep-alive undici Agent for the process. Streams are read as they arrive.
import { Agent, request, type Dispatcher } from "undici";
import { singleton } from "@/lib/server/singleton";
import type { UpstreamRequest } from "@/lib/server/relay/adapters/types";

const agent = singleton(
  "relay.agent",
  () =>
    new Agent({
      keepAliveTimeout: 90_000,
      keepAliveMaxTimeout: 600_000,
      connections: 512,
      pipelining: 1,
      connect: { timeout: 30_000 },
    }),
);

export type UpstreamResponse = Dispatcher.ResponseData;

export function sendUpstream(
  req: UpstreamRequest,
  signal: AbortSignal,
  headersTimeoutMs: number,
): Promise<UpstreamResponse> {
  return request(req.url, {
    method: req.method ?? "POST",
    headers: req.headers,
    body: req.method === "GET" ? undefined : req.body,
    signal,
    dispatcher: agent,
    headersTimeout: headersTimeoutMs,
    bodyTimeout: 0, // the stream inactivity timer is ours
  });
}
