// POST /pg/chat/completions from the browser: session cookie + New-Api-User,
// the answer read as server-sent events through fetch + ReadableStream, each event handed over as it
// arrives (never buffered to the end), abortable through the signal (the stop button).
import { createParser } from "eventsource-parser";
import { clearStoredUser, getStoredUser } from "@/lib/client/storage";
import { parseStreamData, type ChatRequest, type StreamEvent } from "@/modules/playground/chat/chat-state";

export const PLAYGROUND_PATH = "/pg/chat/completions";

/** The message of an OpenAI-style error body, or the raw text when it is not JSON. */
function errorDetail(status: number, text: string): string {
  let message = "";
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const m = typeof body.error === "string" ? body.error : (body.error?.message ?? body.message);
    if (typeof m === "string") message = m;
  } catch {
    message = text.trim().slice(0, 500);
  }
  return message ? `${message} (${status})` : `HTTP ${status}`;
}

function isAbort(err: unknown): boolean {
  return err instanceof DOMException ? err.name === "AbortError" : (err as Error)?.name === "AbortError";
}

/**
 * Streams one reply. Every outcome reaches `onEvent`: deltas, then exactly one of done / closed
 * (also on abort) / error (an answer that is an error) / broken (the connection failed or broke
 * off). Resolves when the stream is over; never rejects.
 */
export async function streamChat(
  body: ChatRequest,
  {
    signal,
    onEvent,
    onUnauthorized,
  }: { signal: AbortSignal; onEvent: (e: StreamEvent) => void; onUnauthorized?: () => void },
): Promise<void> {
  let finished = false;
  const emit = (e: StreamEvent) => {
    if (finished) return;
    if (e.type !== "delta") finished = true;
    onEvent(e);
  };
  const headers: Record<string, string> = { "Content-Type": "application/json", Accept: "text/event-stream" };
  const user = getStoredUser();
  if (user) headers["New-Api-User"] = String(user.id);

  let res: Response;
  try {
    res = await fetch(PLAYGROUND_PATH, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
      signal,
      credentials: "same-origin",
    });
  } catch (err) {
    emit(isAbort(err) ? { type: "closed" } : { type: "broken", detail: (err as Error)?.message || "network error" });
    return;
  }

  if (!res.ok) {
    const text = await res.text().catch(() => "");
    if (res.status === 401) {
      clearStoredUser();
      onUnauthorized?.();
    }
    emit({ type: "error", detail: errorDetail(res.status, text) });
    return;
  }

  // A non-streamed JSON answer (an upstream that ignores stream: true) still becomes one reply.
  if (!(res.headers.get("content-type") ?? "").includes("text/event-stream")) {
    try {
      const json = (await res.json()) as { choices?: { message?: { content?: unknown } }[] };
      const content = json.choices?.[0]?.message?.content;
      if (typeof content === "string" && content) emit({ type: "delta", content });
      emit({ type: "done" });
    } catch (err) {
      emit(isAbort(err) ? { type: "closed" } : { type: "error", detail: (err as Error)?.message || "bad response" });
    }
    return;
  }

  const reader = res.body?.getReader();
  if (!reader) {
    emit({ type: "closed" });
    return;
  }
  // Real fetch errors the body on abort; cancelling here too makes any body stop at once.
  const onAbort = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener("abort", onAbort, { once: true });
  if (signal.aborted) onAbort();
  const decoder = new TextDecoder();
  const parser = createParser({
    onEvent: (event) => {
      const parsed = parseStreamData(event.data);
      if (parsed) emit(parsed);
    },
  });
  try {
    while (!finished) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
    if (!finished && !signal.aborted) {
      parser.feed(decoder.decode());
      parser.feed("\n\n"); // a last event without its blank line still counts
    }
    emit({ type: "closed" });
  } catch (err) {
    // Aborted by stop, or the connection broke off mid-reply (reconnectable, see stream-reconnect.ts).
    const broken = !isAbort(err) && !signal.aborted;
    emit(broken ? { type: "broken", detail: (err as Error)?.message || "stream error" } : { type: "closed" });
  } finally {
    signal.removeEventListener("abort", onAbort);
    // after [DONE] or an error event: stop reading what may still come
    reader.cancel().catch(() => undefined);
  }
}
