import "server-only";

// Bedrock's InvokeModelWithResponseStream answer -> Anthropic SSE text, so the Claude dialect reads it
// as if it came from api.anthropic.com. Each event-stream message of type "chunk" carries
// {"bytes": base64(one Messages stream event JSON)}; an "exception" message (or an error header)
// becomes an Anthropic `error` event. Framing errors end the stream with an error event.
import { EventStreamDecoder, EventStreamError, type EventStreamMessage } from "@/relay/vendors/bedrock/stream-framing";

function sse(type: string, data: string): string {
  return `event: ${type}\ndata: ${data}\n\n`;
}

function errorEvent(type: string, message: string): string {
  return sse("error", JSON.stringify({ type: "error", error: { type, message } }));
}

/** One decoded message as SSE text ("" when it carries nothing for the client). */
export function messageToSse(m: EventStreamMessage): string {
  const kind = String(m.headers[":message-type"] ?? "event");
  if (kind !== "event") {
    const type = String(m.headers[":exception-type"] ?? m.headers[":error-code"] ?? "api_error");
    let message = m.payload.toString("utf8").slice(0, 2000);
    try {
      message = (JSON.parse(message) as { message?: string }).message ?? message;
    } catch {
      /* plain text */
    }
    return errorEvent(type, message);
  }
  if (m.headers[":event-type"] !== "chunk") return "";
  let bytes: unknown;
  try {
    bytes = (JSON.parse(m.payload.toString("utf8")) as { bytes?: unknown }).bytes;
  } catch {
    return errorEvent("api_error", "malformed Bedrock stream chunk");
  }
  if (typeof bytes !== "string") return "";
  const json = Buffer.from(bytes, "base64").toString("utf8");
  let type = "message";
  try {
    const t = (JSON.parse(json) as { type?: unknown }).type;
    if (typeof t === "string" && /^[a-z_]{1,64}$/.test(t)) type = t;
  } catch {
    return errorEvent("api_error", "malformed Bedrock stream event");
  }
  return sse(type, json);
}

export async function* bedrockEventsToSse(body: AsyncIterable<Buffer>): AsyncIterable<Buffer> {
  const decoder = new EventStreamDecoder();
  try {
    for await (const chunk of body) {
      const text = decoder.push(chunk).map(messageToSse).join("");
      if (text) yield Buffer.from(text);
    }
  } catch (err) {
    if (!(err instanceof EventStreamError)) throw err;
    yield Buffer.from(errorEvent("api_error", err.message));
  }
}
