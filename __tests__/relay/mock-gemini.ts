// A scriptable Gemini (generativelanguage API) upstream on loopback for relay tests. The model is
// read from the URL (/{version}/models/{model}:verb):
//   fail-<status>   answers that HTTP status with a Gemini error body
//   anything else   generateContent: a text answer, or a functionCall when tools are given and the
//                   conversation has no functionResponse yet; streamGenerateContent?alt=sse: three
//                   chunks, the last with finishReason and usageMetadata; embedContent /
//                   batchEmbedContents: vectors. GET /v1beta/models lists two models.
// Usage: prompt 20 (8 of them cached), candidates 10, thoughts 5.
// Every request is recorded (method, url incl. query, headers, body).
import type http from "node:http";
import { jsonBodyServer, listenLoopback } from "../../test-support/upstream/loopback";

export type GeminiRequest = {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
};
export type MockGemini = { url: string; requests: GeminiRequest[]; close: () => Promise<void> };

export const GEMINI_USAGE = {
  promptTokenCount: 20,
  candidatesTokenCount: 10,
  thoughtsTokenCount: 5,
  cachedContentTokenCount: 8,
  totalTokenCount: 35,
};

type Content = { role?: string; parts?: Record<string, unknown>[] };

function wantsCall(body: Record<string, unknown>): string | null {
  const tools = (body.tools as { functionDeclarations?: { name: string }[] }[] | undefined) ?? [];
  const name = tools[0]?.functionDeclarations?.[0]?.name;
  if (!name) return null;
  const answered = ((body.contents as Content[]) ?? []).some((c) => c.parts?.some((p) => p.functionResponse));
  return answered ? null : name;
}

export async function startMockGemini(): Promise<MockGemini> {
  const requests: GeminiRequest[] = [];
  const server = jsonBodyServer((req, body, res) => {
    const url = req.url ?? "";
    requests.push({ method: req.method ?? "", url, headers: req.headers, body });
    const json = (status: number, obj: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(obj));
    };
    if (req.method === "GET" && url.startsWith("/v1beta/models"))
      return json(200, {
        models: [{ name: "models/gemini-2.5-flash" }, { name: "models/text-embedding-004" }],
      });
    const m = /^\/(v1beta|v1)\/models\/([^:]+):(\w+)/.exec(url);
    if (!m) return json(404, { error: { code: 404, message: "no such path", status: "NOT_FOUND" } });
    const model = decodeURIComponent(m[2]!);
    const verb = m[3]!;
    const fail = /^fail-(\d{3})/.exec(model);
    if (fail)
      return json(Number(fail[1]), {
        error: { code: Number(fail[1]), message: `mock gemini failure ${fail[1]}`, status: "INTERNAL" },
      });
    if (verb === "embedContent") return json(200, { embedding: { values: [0.1, 0.2, 0.3] } });
    if (verb === "batchEmbedContents") {
      const n = ((body.requests as unknown[]) ?? []).length;
      return json(200, { embeddings: Array.from({ length: n }, (_, i) => ({ values: [i, 0.5, 0.25] })) });
    }
    const call = wantsCall(body);
    const answerParts = call
      ? [{ functionCall: { name: call, args: { city: "Paris" } } }]
      : [{ text: "Thinking about it.", thought: true }, { text: "Hello from Gemini." }];
    if (verb === "generateContent")
      return json(200, {
        candidates: [{ content: { role: "model", parts: answerParts }, finishReason: "STOP", index: 0 }],
        usageMetadata: GEMINI_USAGE,
        modelVersion: model,
        responseId: "mock-resp",
      });
    if (verb === "streamGenerateContent") {
      res.writeHead(200, { "content-type": "text/event-stream" });
      const write = (obj: unknown) => res.write(`data: ${JSON.stringify(obj)}\r\n\r\n`);
      const chunk = (p: unknown[], extra: Record<string, unknown> = {}) => ({
        candidates: [{ content: { role: "model", parts: p }, index: 0, ...extra }],
        modelVersion: model,
      });
      if (call) write(chunk(answerParts, { finishReason: "STOP" }));
      else {
        write(chunk([{ text: "Hello " }]));
        write(chunk([{ text: "from " }]));
        write({ ...chunk([{ text: "Gemini." }], { finishReason: "STOP" }), usageMetadata: GEMINI_USAGE });
      }
      if (call) write({ ...chunk([{ text: "" }], { finishReason: "STOP" }), usageMetadata: GEMINI_USAGE });
      res.end();
      return;
    }
    json(400, { error: { code: 400, message: `unknown verb ${verb}`, status: "INVALID_ARGUMENT" } });
  });
  return { ...(await listenLoopback(server)), requests };
}
