import "server-only";

// Small helpers over node:http for the relay (no framework on the hot path).
import type { IncomingMessage, ServerResponse } from "node:http";
import { errorBody, type RelayError } from "@/relay/kernel/errors";
import type { ClientFormat } from "@/relay/kernel/format";
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

/** Writes an error in the client's format (OpenAI shape by default); the caller, which knows the
 *  client's dialect, passes it (the kernel names no vendor). */
export function sendError(
  res: ServerResponse,
  err: RelayError,
  requestId: string,
  format?: Pick<ClientFormat, "errorBody">,
): void {
  const body = format ? format.errorBody(err, requestId) : errorBody(err, requestId);
  sendJson(res, err.status, body, requestId);
}
