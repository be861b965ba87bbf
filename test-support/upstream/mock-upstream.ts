// A scriptable OpenAI-compatible upstream on loopback for relay tests. Behaviour is chosen by the
// model name the gateway sends (after model mapping):
//   fail-<status>        answers that HTTP status with an OpenAI error body
//   nousage-*            answers without usage (JSON) / without a usage chunk (SSE)
//   slow-*               streams 50 chunks, 20 ms apart (for client-abort tests)
//   slow-<N>ms-*         streams 50 chunks, N ms apart (long streams: graceful-shutdown tests)
//   stall-*              streams 2 chunks, then goes silent for 5 s (timeout / keep-alive tests)
//   anything else        a normal completion with usage {prompt 12, completion 11}
// Like the real OpenAI API, gpt-4o / gpt-4.1 / gpt-3.5 refuse reasoning_effort and o-series / gpt-5
// refuse max_tokens (400 invalid_request_error).
// Every request is recorded (path, headers, body) so tests can assert what reached upstream.
import type http from "node:http";
import { jsonBodyServer, listenLoopback } from "./loopback";

export type RecordedRequest = { path: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> };

export type MockUpstream = { url: string; requests: RecordedRequest[]; close: () => Promise<void> };

const USAGE = { prompt_tokens: 12, completion_tokens: 11, total_tokens: 23 };

function chunk(model: string, delta: Record<string, unknown>, finish: string | null = null) {
  return {
    id: "chatcmpl-mock",
    object: "chat.completion.chunk",
    created: 1,
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
}

async function stream(res: http.ServerResponse, model: string, body: Record<string, unknown>) {
  res.writeHead(200, { "content-type": "text/event-stream" });
  const slow = model.startsWith("slow-");
  const gapMs = Number(/^slow-(\d+)ms-/.exec(model)?.[1] ?? 20);
  const n = slow ? 50 : 5;
  const write = (obj: unknown) => res.write(`data: ${JSON.stringify(obj)}\n\n`);
  write(chunk(model, { role: "assistant", content: "" }));
  if (model.startsWith("stall-")) {
    write(chunk(model, { content: "before the stall " }));
    await new Promise((r) => setTimeout(r, 5000).unref()); // unref: never holds a finished test run open
    if (!res.destroyed) res.end("data: [DONE]\n\n");
    return;
  }
  for (let i = 0; i < n; i++) {
    if (res.destroyed) return;
    write(chunk(model, { content: `word${i} ` }));
    if (slow) await new Promise((r) => setTimeout(r, gapMs));
  }
  write(chunk(model, {}, "stop"));
  const wantsUsage = (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage;
  if (wantsUsage && !model.startsWith("nousage-"))
    write({ id: "chatcmpl-mock", object: "chat.completion.chunk", created: 1, model, choices: [], usage: USAGE });
  res.end("data: [DONE]\n\n");
}

/** Real OpenAI's refusal of a parameter the model does not take, or null. */
function refusedParam(model: string, body: Record<string, unknown>): string | null {
  if (/^(gpt-4o|gpt-4\.1|gpt-3\.5)/.test(model) && body.reasoning_effort !== undefined)
    return "Unrecognized request argument supplied: reasoning_effort";
  if (/^(o\d|gpt-5)/.test(model) && body.max_tokens !== undefined)
    return "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.";
  return null;
}

export async function startMockUpstream(): Promise<MockUpstream> {
  const requests: RecordedRequest[] = [];
  const server = jsonBodyServer((req, body, res) => {
    requests.push({ path: req.url ?? "", headers: req.headers, body });
    const model = String(body.model ?? "");
    const fail = /^fail-(\d{3})/.exec(model);
    if (fail) {
      const status = Number(fail[1]);
      res.writeHead(status, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          error: { message: `mock failure ${status}`, type: "upstream_test", code: `mock_${status}` },
        }),
      );
      return;
    }
    const refused = refusedParam(model, body);
    if (refused) {
      res.writeHead(400, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: refused, type: "invalid_request_error", param: null, code: null } }));
      return;
    }
    if (req.url?.endsWith("/embeddings")) {
      res.writeHead(200, { "content-type": "application/json" });
      const vector = [0.1, 0.2, 0.3];
      const embedding =
        body.encoding_format === "base64" ? Buffer.from(new Float32Array(vector).buffer).toString("base64") : vector;
      res.end(
        JSON.stringify({
          object: "list",
          data: [{ object: "embedding", index: 0, embedding }],
          model,
          usage: { prompt_tokens: 5, total_tokens: 5 },
        }),
      );
      return;
    }
    if (body.stream) {
      void stream(res, model, body);
      return;
    }
    const isCompletion = req.url?.endsWith("/v1/completions");
    const answer = isCompletion
      ? {
          id: "cmpl-mock",
          object: "text_completion",
          created: 1,
          model,
          choices: [{ index: 0, text: "mock text", finish_reason: "stop" }],
        }
      : {
          id: "chatcmpl-mock",
          object: "chat.completion",
          created: 1,
          model,
          choices: [
            {
              index: 0,
              message: { role: "assistant", content: "This is a mock completion." },
              finish_reason: "stop",
            },
          ],
        };
    const withUsage = model.startsWith("nousage-") ? answer : { ...answer, usage: USAGE };
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(withUsage));
  });
  return { ...(await listenLoopback(server)), requests };
}
