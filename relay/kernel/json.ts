import "server-only";

// JSON object parsing for upstream answers and SSE payloads.
import { RelayError } from "@/relay/kernel/errors";
import { relayError } from "@/relay/kernel/error-codes";
import { redactUpstreamText } from "@/relay/kernel/redact";
import type { UpstreamResponse } from "@/relay/kernel/upstream-body";

export type JsonObject = Record<string, unknown>;

/** The JSON object in `text`, or null (not JSON, or not an object). */
export function parseJsonObject(text: string): JsonObject | null {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === "object" && !Array.isArray(v) ? (v as JsonObject) : null;
  } catch {
    return null;
  }
}

/** A 200 answer whose body is not a JSON object: retryable on another channel. */
export function badUpstreamBody(): RelayError {
  return relayError("bad_response_body", {}, { upstreamStatus: 502 });
}

/**
 * The whole answer as text. A read that fails (the connection lost mid-answer, an answer larger
 * than RELAY_MAX_ANSWER_MB) is a 502 do_request_failed that another channel may not repeat.
 */
export async function upstreamText(up: UpstreamResponse, baseUrl: string): Promise<string> {
  try {
    return await up.body.text();
  } catch (err) {
    throw relayError("upstream_unreachable", { reason: redactUpstreamText((err as Error).message, [], baseUrl) });
  }
}

/** The upstream's JSON object answer, or a 502 bad_response_body. */
export function upstreamJsonObject(text: string): JsonObject {
  const json = parseJsonObject(text);
  if (!json) throw badUpstreamBody();
  return json;
}
