import "server-only";

// Streaming relay. Each upstream SSE event is written to the client as soon as it is parsed (only
// socket backpressure pauses the upstream read; nothing is buffered). Usage is always requested
// upstream; the usage-only chunk is hidden from clients that did not ask for it, and synthesised
// (from local counting) for clients that did when upstream sent none. A client that goes away aborts
// the upstream request and is billed for what it received: the upstream's usage counts only once its
// usage (or finish) chunk or [DONE] arrived, the text is counted until then (streamUsage in sse-response.ts). An
// event longer than the cap ends the stream as an upstream error (bounded.ts).
import type { ServerResponse } from "node:http";
import type { AdapterContext, ChannelAdapter } from "@/relay/kernel/adapter";
import type { RelayContext } from "@/relay/kernel/context";
import { pump, startSse, streamUsage, takeFrames, type StreamResult } from "@/relay/streaming/sse-response";
import { boundedSseParser, PendingText } from "@/relay/kernel/bounded-lines";
import { exactPromptTokens, exactTextTokens } from "@/relay/kernel/tokenize";
import { endsUsage, usageFromOpenAI } from "@/relay/vendors/shared/openai-style/format";
import type { Json } from "@/relay/kernel/format";
import type { UpstreamResponse, Aborter } from "@/relay/kernel/upstream-body";

type UpstreamUsage = Record<string, unknown>;
type Chunk = {
  usage?: UpstreamUsage | null;
  choices?: {
    delta?: {
      content?: string | null;
      reasoning_content?: string | null;
      tool_calls?: { function?: { arguments?: string } }[];
    };
    text?: string;
  }[];
};

/** Moonshot (Kimi) reports a stream's usage inside its last chunk's choice (choices[0].usage), not at
 *  the top level: moved up (in place), so it is billed and an OpenAI client reads it where it looks.
 *  Answers the rewritten payload, or null when the chunk has no such usage. */
function hoistChoiceUsage(chunk: Chunk): string | null {
  const u = (chunk.choices?.[0] as { usage?: unknown } | undefined)?.usage;
  if (!u || typeof u !== "object") return null;
  chunk.usage = u as UpstreamUsage;
  return JSON.stringify(chunk);
}

/**
 * Where the first event that mentions usage or [DONE] starts in `complete` (whole events, each ended
 * by a blank line), or its length when none does. The events before it can be forwarded byte for
 * byte; only the rest needs the event parser.
 */
export function firstMarkedEvent(complete: string): number {
  const usage = complete.indexOf('"usage":{');
  const done = complete.indexOf("[DONE]");
  const at = usage < 0 ? done : done < 0 ? usage : Math.min(usage, done);
  if (at < 0) return complete.length;
  const blank = complete.lastIndexOf("\n\n", at);
  return blank < 0 ? 0 : blank + 2;
}

export async function relayStream(
  ctx: RelayContext,
  adapter: ChannelAdapter,
  actx: AdapterContext,
  upstream: UpstreamResponse,
  res: ServerResponse,
  abort: Aborter,
  opts: { inactivityMs: number; pingSeconds: number },
): Promise<StreamResult> {
  const sse = startSse(ctx, res, abort, opts);
  let upstreamUsage: UpstreamUsage | null = null;
  // The usage chunk (or a finish chunk with usage, or [DONE]) arrived: the usage is complete.
  let usageFinal = false;
  // Payloads kept (not parsed) for local counting until the usage is complete; compacted
  // into plain text past 1 MB so a long stream never holds more than that in raw form.
  let retained: string[] = [];
  let retainedBytes = 0;
  let text = "";
  let toolCalls = 0;
  let firstResponseMs = 0;
  let sawDone = false;
  const out: string[] = [];

  const compact = () => {
    const payloads = retained.flatMap((block) =>
      block
        .split("\n")
        .filter((l) => l.startsWith("data:"))
        .map((l) => l.slice(5).trim()),
    );
    for (const payload of payloads) {
      if (!payload || payload === "[DONE]") continue;
      try {
        for (const c of (JSON.parse(payload) as Chunk).choices ?? []) {
          text += (c.delta?.content ?? "") + (c.delta?.reasoning_content ?? "") + (c.text ?? "");
          for (const call of c.delta?.tool_calls ?? []) {
            toolCalls += 1;
            text += call.function?.arguments ?? "";
          }
        }
      } catch {
        // not JSON: nothing to count
      }
    }
    retained = [];
    retainedBytes = 0;
  };

  const retain = (block: string) => {
    retained.push(block);
    retainedBytes += block.length;
    if (retainedBytes > 1_048_576) compact();
  };
  const noteFirstToken = (text: string) => {
    if (
      !firstResponseMs &&
      (text.includes('"content":"') || text.includes('"text":"') || text.includes('"tool_calls"'))
    ) {
      firstResponseMs = Date.now() - ctx.startedAt;
    }
  };

  const handleData = (data: string) => {
    if (data === "[DONE]") {
      sawDone = true;
      if (upstreamUsage) usageFinal = true;
      return;
    }
    for (let payload of adapter.convertStreamData ? adapter.convertStreamData(data, actx) : [data]) {
      // Only chunks that mention usage are parsed; the rest are forwarded as they are.
      if (payload.includes('"usage":{')) {
        try {
          const chunk = JSON.parse(payload) as Chunk;
          const inChoice = chunk.usage ? null : hoistChoiceUsage(chunk);
          if (inChoice) payload = inChoice;
          if (chunk.usage && typeof chunk.usage === "object") {
            upstreamUsage = chunk.usage;
            if (endsUsage(chunk as Json)) usageFinal = true;
          }
          if (!chunk.choices?.length) {
            if (!ctx.clientWantsUsage) continue;
          } else if (!usageFinal) retained.push(`data: ${payload}\n\n`);
        } catch {
          // forwarded below as received
        }
      } else if (!usageFinal) retain(`data: ${payload}\n\n`);
      noteFirstToken(payload);
      out.push(`data: ${payload}\n\n`);
    }
  };
  const parser = boundedSseParser((event) => handleData(event.data));
  const decoder = new TextDecoder();

  // Complete events are handled per network chunk. Events before the first that carries usage or
  // [DONE] (most of a stream, and most of an answer that arrives in one burst) are forwarded byte for
  // byte; only the rest go through the event parser. The tail of an event split across network
  // chunks waits for its end (bounded, searched once).
  const pending = new PendingText("\n\n");
  // A "\r" that ended the last chunk: a "\n" opening this one belongs to it (one line end, not two).
  let afterCR = false;
  const passThrough = !adapter.convertStreamData;
  await pump(
    sse,
    upstream,
    (chunk) => {
      let text = decoder.decode(chunk, { stream: true });
      if (afterCR && text.charCodeAt(0) === 10) text = text.slice(1);
      afterCR = text.charCodeAt(text.length - 1) === 13;
      if (text.includes("\r")) text = text.replace(/\r\n?/g, "\n");
      const complete = pending.push(text);
      if (!complete) return "";
      const cut = passThrough ? firstMarkedEvent(complete) : 0;
      if (cut > 0) {
        const verbatim = cut === complete.length ? complete : complete.slice(0, cut);
        noteFirstToken(verbatim);
        if (!usageFinal) retain(verbatim);
        out.push(verbatim);
      }
      if (cut < complete.length) parser.feed(cut ? complete.slice(cut) : complete);
      return takeFrames(out);
    },
    {
      done: () => sawDone,
      // An unterminated last event still counts (upstreams that end without a blank line).
      tail: () => {
        const rest = pending.rest();
        if (!sawDone && rest.trim()) parser.feed(`${rest}\n\n`);
        return takeFrames(out);
      },
    },
  );

  // Billed as the fast path always was: prompt, completion and cached tokens (no cache-write price).
  const reported = usageFromOpenAI(upstreamUsage);
  const { usage, estimated } = await streamUsage(
    ctx.requestId,
    reported && {
      promptTokens: reported.promptTokens,
      completionTokens: reported.completionTokens,
      cachedTokens: reported.cachedTokens,
    },
    usageFinal,
    {
      prompt: () => exactPromptTokens(ctx.body),
      completion: async () => {
        compact();
        return (await exactTextTokens(text)) + toolCalls * 7;
      },
    },
  );
  retained = [];

  if (!sse.clientGone) {
    if (estimated && ctx.clientWantsUsage) {
      const synthetic = {
        id: `chatcmpl-${ctx.requestId}`,
        object: "chat.completion.chunk",
        created: Math.floor(Date.now() / 1000),
        model: ctx.model,
        choices: [],
        usage: {
          prompt_tokens: usage.promptTokens,
          completion_tokens: usage.completionTokens,
          total_tokens: usage.promptTokens + usage.completionTokens,
        },
      };
      res.write(`data: ${JSON.stringify(synthetic)}\n\n`);
    }
    res.end("data: [DONE]\n\n");
  }
  return {
    usage,
    estimated,
    firstResponseMs: firstResponseMs || Date.now() - ctx.startedAt,
    status: sse.status(),
  };
}
