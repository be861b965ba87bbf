// Fakes for unit tests of the relay's stream readers without a server: a client response that takes
// every write, a relay context, an upstream answer made of an async body, and the two readers
// (relayStream: OpenAI chunks; relayEvents: any dialect through an event pipe) wired to them.
import { EventEmitter } from "node:events";
import type { ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { relayEvents, type EventPipe } from "@/relay/streaming/event-stream";
import { relayStream } from "@/relay/streaming/openai-stream";
import type { StreamResult } from "@/relay/streaming/sse-response";
import type { RelayContext } from "@/relay/kernel/context";
import type { AdapterContext, ChannelAdapter } from "@/relay/kernel/adapter";
import type { UpstreamResponse } from "@/relay/kernel/upstream-body";

/** A client response that takes every write; `text` is what the client received. */
export class FakeRes extends EventEmitter {
  text = "";
  writableFinished = false;
  destroyed = false;
  writableEnded = false;
  writeHead() {
    return this;
  }
  flushHeaders() {}
  write(data: string | Buffer) {
    this.text += String(data);
    return true;
  }
  end(data?: string) {
    if (data) this.text += data;
    this.writableEnded = this.writableFinished = true;
  }
}

export const ctx = {
  requestId: "req-stream-reader",
  path: "/v1/chat/completions",
  startedAt: Date.now(),
  body: { model: "m", messages: [{ role: "user", content: "count" }] },
  clientWantsUsage: false,
  model: "m",
} as unknown as RelayContext;

const opts = { inactivityMs: 0, pingSeconds: 0 };

export const upstreamOf = (body: AsyncIterable<Buffer>) =>
  ({ statusCode: 200, headers: {}, body: Readable.from(body) }) as unknown as UpstreamResponse;

/** The OpenAI fast path (also what reads Bedrock Converse, Cohere and Ollama once rewritten). */
export const fastPath = (upstream: UpstreamResponse): Promise<StreamResult> =>
  relayStream(
    ctx,
    {} as ChannelAdapter,
    {} as AdapterContext,
    upstream,
    new FakeRes() as unknown as ServerResponse,
    new AbortController(),
    opts,
  );

/** The event reader with a dialect's pipe (our prompt count: 1). */
export const eventPath = (upstream: UpstreamResponse, pipe: EventPipe): Promise<StreamResult> =>
  relayEvents(ctx, upstream, new FakeRes() as unknown as ServerResponse, new AbortController(), pipe, {
    ...opts,
    promptTokens: async () => 1,
  });
