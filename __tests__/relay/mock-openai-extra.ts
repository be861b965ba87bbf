// A loopback OpenAI upstream for the non-chat endpoints: /v1/responses (JSON + SSE events),
// /v1/images/generations, /v1/images/edits (multipart), /v1/audio/speech (binary chunks),
// /v1/audio/transcriptions + translations (multipart), /v1/rerank. Model-name switches:
//   slow-*      responses stream: 40 deltas 25 ms apart (client-abort tests)
//   usage-*     images / transcriptions answer with token usage
//   nousage-*   responses / rerank answer without usage
//   gated-*     speech sends its first chunk, then waits for release() before the rest
// Every request is recorded: JSON body, or multipart text fields and files (name, bytes).
import http from "node:http";
import { listenLoopback } from "../../test-support/upstream/loopback";

export type ExtraRequest = {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
  files: Record<string, { name: string; bytes: Buffer }>;
};
export type MockExtra = {
  url: string;
  requests: ExtraRequest[];
  /** Lets a held gated-* speech answer send the rest of its audio. */
  release: () => void;
  close: () => Promise<void>;
};

export const RESPONSES_USAGE = {
  input_tokens: 20,
  input_tokens_details: { cached_tokens: 8 },
  output_tokens: 30,
  output_tokens_details: { reasoning_tokens: 10 },
  total_tokens: 50,
};
export const SPEECH_CHUNKS = [Buffer.from([0x49, 0x44, 0x33, 0x04]), Buffer.alloc(4096, 7), Buffer.from("tail-bytes")];
export const TRANSCRIPT = "hello from the transcription mock";

function response(model: string, status: string, usage: unknown) {
  return {
    id: "resp_mock",
    object: "response",
    created_at: 1,
    status,
    model,
    output: [
      {
        id: "msg_mock",
        type: "message",
        status: "completed",
        role: "assistant",
        content: [{ type: "output_text", text: "Hello from responses.", annotations: [] }],
      },
    ],
    usage,
  };
}

async function responsesStream(res: http.ServerResponse, model: string) {
  res.writeHead(200, { "content-type": "text/event-stream" });
  let seq = 0;
  const send = (type: string, payload: Record<string, unknown>) =>
    res.write(`event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: seq++, ...payload })}\n\n`);
  send("response.created", { response: response(model, "in_progress", null) });
  const slow = model.startsWith("slow-");
  const deltas = slow ? Array.from({ length: 40 }, (_, i) => `word${i} `) : ["Hello ", "from ", "responses."];
  for (const delta of deltas) {
    if (res.destroyed) return;
    send("response.output_text.delta", { item_id: "msg_mock", output_index: 0, content_index: 0, delta });
    if (slow) await new Promise((r) => setTimeout(r, 25));
  }
  send("response.output_text.done", { item_id: "msg_mock", output_index: 0, content_index: 0, text: deltas.join("") });
  const usage = model.startsWith("nousage-") ? null : RESPONSES_USAGE;
  send("response.completed", { response: response(model, "completed", usage) });
  res.end();
}

async function parseForm(raw: Buffer, contentType: string) {
  const form = await new Request("http://mock", {
    method: "POST",
    headers: { "content-type": contentType },
    body: new Uint8Array(raw),
  }).formData();
  const body: Record<string, unknown> = {};
  const files: ExtraRequest["files"] = {};
  for (const [k, v] of form.entries()) {
    if (typeof v === "string") body[k] = v;
    else files[k] = { name: v.name, bytes: Buffer.from(await v.arrayBuffer()) };
  }
  return { body, files };
}

function json(res: http.ServerResponse, status: number, obj: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(obj));
}

let gate: { promise: Promise<void>; open: () => void } = newGate();
function newGate() {
  let open = () => {};
  const promise = new Promise<void>((r) => (open = r));
  return { promise, open };
}

async function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: Buffer, requests: ExtraRequest[]) {
  const path = (req.url ?? "").split("?")[0]!;
  const ct = String(req.headers["content-type"] ?? "");
  const { body, files } = ct.startsWith("multipart/")
    ? await parseForm(raw, ct)
    : { body: JSON.parse(raw.toString() || "{}") as Record<string, unknown>, files: {} };
  requests.push({ path: req.url ?? "", headers: req.headers, body, files });
  const model = String(body.model ?? "");
  if (path.endsWith("/responses/compact"))
    return json(res, 200, {
      id: "cmp_mock",
      object: "response.compaction",
      created_at: 1,
      output: [{ type: "compaction", encrypted_content: "opaque" }],
      usage: RESPONSES_USAGE,
    });
  if (path.endsWith("/responses")) {
    if (body.stream) return void responsesStream(res, model);
    return json(res, 200, response(model, "completed", model.startsWith("nousage-") ? undefined : RESPONSES_USAGE));
  }
  const imageUsage = { input_tokens: 50, output_tokens: 4000, total_tokens: 4050, input_tokens_details: {} };
  if ((path.endsWith("/images/generations") || path.endsWith("/images/edits")) && String(body.stream) === "true") {
    const kind = path.endsWith("/edits") ? "image_edit" : "image_generation";
    res.writeHead(200, { "content-type": "text/event-stream" });
    const send = (type: string, extra: Record<string, unknown>) =>
      res.write(`event: ${type}\ndata: ${JSON.stringify({ type, created_at: 1, b64_json: "aGk=", ...extra })}\n\n`);
    send(`${kind}.partial_image`, { partial_image_index: 0 });
    send(`${kind}.completed`, model.startsWith("usage-") ? { usage: imageUsage } : {});
    return void res.end();
  }
  if (path.endsWith("/images/generations") || path.endsWith("/images/edits")) {
    const n = Number(body.n ?? 1);
    const out: Record<string, unknown> = {
      created: 1,
      data: Array.from({ length: n }, (_, i) => ({ url: `https://img.example/${i}.png` })),
    };
    if (model.startsWith("usage-")) out.usage = imageUsage;
    return json(res, 200, out);
  }
  if (path.endsWith("/audio/speech")) {
    res.writeHead(200, { "content-type": "audio/mpeg" });
    for (const [i, c] of SPEECH_CHUNKS.entries()) {
      res.write(c);
      if (i === 0 && model.startsWith("gated-")) {
        await gate.promise;
        gate = newGate();
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    return void res.end();
  }
  if (path.endsWith("/audio/transcriptions") || path.endsWith("/audio/translations")) {
    const usage = { type: "tokens", input_tokens: 70, output_tokens: 9, total_tokens: 79 };
    if (body.stream === "true") {
      res.writeHead(200, { "content-type": "text/event-stream" });
      for (const delta of TRANSCRIPT.split(/(?<= )/))
        res.write(`data: ${JSON.stringify({ type: "transcript.text.delta", delta })}\n\n`);
      const done = { type: "transcript.text.done", text: TRANSCRIPT, ...(model.startsWith("usage-") ? { usage } : {}) };
      return void res.end(`data: ${JSON.stringify(done)}\n\n`);
    }
    if (body.response_format === "text") {
      res.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
      return void res.end(TRANSCRIPT);
    }
    const out: Record<string, unknown> = { text: TRANSCRIPT };
    if (model.startsWith("usage-"))
      out.usage = { type: "tokens", input_tokens: 70, output_tokens: 9, total_tokens: 79 };
    return json(res, 200, out);
  }
  if (path.endsWith("/rerank")) {
    const docs = (body.documents as unknown[]) ?? [];
    return json(res, 200, {
      model,
      results: docs.map((_, index) => ({ index, relevance_score: 1 - index / 10 })),
      ...(model.startsWith("nousage-") ? {} : { usage: { total_tokens: 17 } }),
    });
  }
  json(res, 404, { error: { message: `mock: no route ${path}` } });
}

export async function startMockExtra(): Promise<MockExtra> {
  const requests: ExtraRequest[] = [];
  const server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on("data", (c: Buffer) => parts.push(c));
    req.on("end", () => {
      handle(req, res, Buffer.concat(parts), requests).catch((err: Error) => json(res, 500, { error: err.message }));
    });
  });
  return { ...(await listenLoopback(server)), requests, release: () => gate.open() };
}
