// Playground stream reconnect (issue 22 A13). When the connection breaks (no answer, or
// the body breaks off mid-reply) and the option is on, wait delayMs (stop cancels the wait), then
// ask again with what arrived so far as the assistant's partial message, and append the new text:
// the reply continues. After maxAttempts the reply keeps what arrived and is marked incomplete.
// With the option off a break is an error, its text appended. Answers that are errors
// (HTTP 4xx/5xx, an error event) are never retried: asking again would not change them.
import { streamChat } from "@/modules/playground/client/stream-chat";
import { STREAM_RECONNECT, type ChatRequest, type StreamEvent } from "@/modules/playground/chat/chat-state";

export type ReconnectOptions = { enabled: boolean; delayMs?: number; maxAttempts?: number };

/** Resolves after ms, or at once (false) when the signal aborts. */
function wait(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** The request that continues a reply: the partial answer goes back as the assistant's turn. */
export function continuationRequest(body: ChatRequest, partial: string): ChatRequest {
  if (!partial) return body;
  return { ...body, messages: [...body.messages, { role: "assistant", content: partial }] };
}

export async function streamChatWithReconnect(
  body: ChatRequest,
  {
    signal,
    onEvent,
    onUnauthorized,
    reconnect,
  }: {
    signal: AbortSignal;
    onEvent: (e: StreamEvent) => void;
    onUnauthorized?: () => void;
    reconnect: ReconnectOptions;
  },
): Promise<void> {
  const delayMs = reconnect.delayMs ?? STREAM_RECONNECT.delayMs;
  const maxAttempts = reconnect.maxAttempts ?? STREAM_RECONNECT.maxAttempts;
  let received = "";
  for (let attempt = 0; ; attempt++) {
    let broken: string | null = null;
    await streamChat(continuationRequest(body, received), {
      signal,
      onUnauthorized,
      onEvent: (e) => {
        if (e.type === "broken") broken = e.detail;
        else {
          if (e.type === "delta") received += e.content;
          onEvent(e);
        }
      },
    });
    if (broken === null) return;
    if (!reconnect.enabled) return onEvent({ type: "error", detail: broken });
    if (attempt >= maxAttempts) return onEvent({ type: "interrupted" });
    onEvent({ type: "reconnecting", attempt: attempt + 1 });
    if (!(await wait(delayMs, signal))) return onEvent({ type: "closed" });
  }
}
