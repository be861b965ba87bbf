import "server-only";

// The OpenAI-format chat-like endpoints: /v1/chat/completions, /v1/completions, /v1/embeddings,
// /v1/moderations (and the playground's /pg/chat/completions). Any channel format serves them.
import type { IncomingMessage } from "node:http";
import { env } from "@/lib/env";
import type { RelayMode } from "@/relay/kernel/adapter";
import { attemptChat } from "@/relay/upstream/attempt";
import type { RelayEndpoint } from "@/relay/kernel/endpoint";
import { invalidRequest } from "@/relay/kernel/error-codes";
import { openaiFormat } from "@/relay/vendors/shared/openai-style/format";
import type { Json } from "@/relay/kernel/format";
import { readBody } from "@/relay/kernel/http-io";
import { parseBodyJson } from "@/relay/kernel/wire-guard";

/** Reads a JSON object body (413 past RELAY_MAX_BODY_MB, 400 when not a JSON object or too deep). */
export async function readJsonBody(req: IncomingMessage): Promise<Json> {
  return parseJsonObject(await readBody(req, env().RELAY_MAX_BODY_MB * 1024 * 1024));
}

/** A request body as a JSON object (400 when not a JSON object or too deep). */
export async function parseJsonObject(raw: Buffer): Promise<Json> {
  let body: unknown;
  try {
    body = await parseBodyJson(raw);
  } catch (err) {
    if (!(err instanceof SyntaxError)) throw err;
    throw invalidRequest("Request body is not valid JSON", "invalid_json");
  }
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw invalidRequest("Request body must be a JSON object", "invalid_json");
  return body as Json;
}

export function openaiTextEndpoint(mode: RelayMode): RelayEndpoint {
  return {
    format: "openai",
    mode,
    defaultModel: mode === "moderations" ? "text-moderation-stable" : undefined,
    async read(req) {
      const body = await readJsonBody(req);
      return { body, facts: openaiFormat.inspect(body, mode) };
    },
    attempt: attemptChat,
  };
}
