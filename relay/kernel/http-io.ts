import "server-only";

// Small helpers over node:http for the relay (no framework on the hot path).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { WireFormat } from "@/relay/kernel/adapter";
import { errorBody, RelayError } from "@/relay/kernel/errors";
import { formatFor } from "@/relay/vendors";
import { relayError } from "@/relay/kernel/error-codes";

/** Reads the whole request body up to `limit` bytes; a larger body is drained and refused (413). */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"] ?? 0);
    let size = 0;
    let tooLarge = declared > limit;
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
    });
    req.on("end", () => {
      if (tooLarge) reject(relayError("body_too_large", { mb: Math.floor(limit / 1048576) }));
      else resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    });
    req.on("error", reject);
  });
}

export function baseHeaders(requestId: string): Record<string, string> {
  return { "x-request-id": requestId, "x-oneapi-request-id": requestId };
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: string,
  requestId: string,
  extra?: Record<string, string>,
): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
    ...baseHeaders(requestId),
    ...extra,
  });
  res.end(body);
}

/** Writes an error in the client's format (OpenAI shape by default). */
export function sendError(
  res: ServerResponse,
  err: RelayError,
  requestId: string,
  format: WireFormat = "openai",
): void {
  const body = format === "openai" ? errorBody(err, requestId) : formatFor(format).errorBody(err, requestId);
  sendJson(res, err.status, body, requestId);
}
