import "server-only";

// Reading a relayed request's JSON body, shared by the endpoints. The readers are built here, not in
// the endpoint files, so a call reads its request before it reaches any stage after auth: the
// pipeline authenticates, reads, checks, routes, and only then attempts (docs/architecture.md's walks).
import type { IncomingMessage } from "node:http";
import { env } from "@/lib/env";
import type { RelayMode } from "@/relay/kernel/adapter";
import type { ReadRequest } from "@/relay/kernel/endpoint";
import { invalidRequest } from "@/relay/kernel/error-codes";
import type { ChatFormat, Json } from "@/relay/kernel/format";
import { readBody } from "@/relay/kernel/http-io";
import { parseBodyJson } from "@/relay/kernel/wire-guard";

/** Reads a JSON object body (413 past RELAY_MAX_BODY_MB, 400 when not a JSON object or too deep). */
export async function readJsonBody(req: IncomingMessage): Promise<Json> {
  return parseJsonBody(await readBody(req, env().RELAY_MAX_BODY_MB * 1024 * 1024));
}

/** A request body as a JSON object (400 when not a JSON object or too deep). */
export async function parseJsonBody(raw: Buffer): Promise<Json> {
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

/** The reader of an endpoint whose body is a JSON request in `format`'s dialect. */
export function dialectReader(
  format: Pick<ChatFormat, "inspect">,
  mode: RelayMode,
): (req: IncomingMessage) => Promise<ReadRequest> {
  return async (req) => {
    const body = await readJsonBody(req);
    return { body, facts: format.inspect(body, mode) };
  };
}
