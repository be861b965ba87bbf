import "server-only";

// The body of a video submit (POST /v1/videos, /v1/video/generations, /v1/videos/{id}/remix): JSON or
// multipart/form-data with an input_reference file. Read up to RELAY_MAX_BODY_MB and no further: a
// declared Content-Length over the cap is refused before one byte is read, a chunked body once it
// passes the cap; the handler then closes the connection (drainRest) instead of reading the rest.
import type { IncomingMessage } from "node:http";
import { env } from "@/lib/env";
import { cappedRequestBody, type CappedBody } from "@/lib/server/http/capped-request-body";
import { readCappedBytes } from "@/lib/server/http/read-capped";
import { firstIllFormed } from "@/lib/server/http/input-guard";
import type { VideoFile } from "@/relay/kernel/video";
import { invalidRequest, relayError } from "@/relay/kernel/error-codes";
import { parseBodyJson } from "@/relay/kernel/wire-guard";

export type VideoBody = {
  /** JSON requests: the object as sent. */
  json: Record<string, unknown> | null;
  /** Text fields (multipart), or the JSON body's string and number fields. */
  fields: Record<string, string>;
  files: VideoFile[];
};

/** How much of the body was read (for drainRest), shared with the handler. */
export type BodyState = CappedBody["state"];

export const videoBodyLimit = () => env().RELAY_MAX_BODY_MB * 1048576;

const asBody = (b: Uint8Array) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength) as Uint8Array<ArrayBuffer>;

async function readRaw(req: IncomingMessage, state: BodyState): Promise<Uint8Array> {
  const limit = videoBodyLimit();
  const tooLarge = () => relayError("body_too_large", { mb: Math.floor(limit / 1048576) });
  if (Number(req.headers["content-length"] ?? 0) > limit) {
    state.over = true;
    throw tooLarge();
  }
  const body = cappedRequestBody(req, limit);
  const bytes = await readCappedBytes(body.stream, limit);
  Object.assign(state, body.state);
  if (bytes === null || body.state.over) {
    state.over = true;
    throw tooLarge();
  }
  return bytes;
}

async function parseMultipart(raw: Uint8Array, contentType: string): Promise<VideoBody> {
  let form: FormData;
  try {
    form = await new Request("http://relay.local", {
      method: "POST",
      headers: { "content-type": contentType },
      body: asBody(raw),
    }).formData();
  } catch {
    throw invalidRequest("Request body is not valid multipart/form-data", "invalid_multipart");
  }
  const fields: Record<string, string> = {};
  const files: VideoFile[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") fields[name] = value;
    else
      files.push({
        field: name,
        filename: value.name || "upload",
        contentType: value.type || "application/octet-stream",
        data: Buffer.from(await value.arrayBuffer()),
      });
  }
  return { json: null, fields, files };
}

/** Reads and parses the body; `state` says afterwards whether it was cut off at the cap. */
export async function readVideoBody(req: IncomingMessage, state: BodyState): Promise<VideoBody> {
  const contentType = String(req.headers["content-type"] ?? "");
  const raw = await readRaw(req, state);
  let body: VideoBody;
  if (/^multipart\/form-data/i.test(contentType)) body = await parseMultipart(raw, contentType);
  else {
    let v: unknown = null;
    try {
      v = raw.length ? await parseBodyJson(raw) : null;
    } catch (err) {
      if (!(err instanceof SyntaxError)) throw err;
    }
    if (!v || typeof v !== "object" || Array.isArray(v))
      throw invalidRequest("The request body must be a JSON object or multipart/form-data", "invalid_json");
    const json = v as Record<string, unknown>;
    const fields: Record<string, string> = {};
    for (const [k, x] of Object.entries(json))
      if (typeof x === "string" || typeof x === "number") fields[k] = String(x);
    body = { json, fields, files: [] };
  }
  // Prompts and names reach the database, whose engine fails on a lone surrogate or a NUL.
  const bad = firstIllFormed(body.json ?? body.fields);
  if (bad !== null) throw invalidRequest(`${bad} must be well-formed text (no lone surrogate or NUL)`, "invalid_field");
  return body;
}
