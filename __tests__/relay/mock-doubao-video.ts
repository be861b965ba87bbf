// A loopback Volcengine Ark (Doubao Seedance video generation) for the video task relay tests:
//   auth: Authorization: Bearer <key> (else 401 {error: {code: "AuthenticationError"}})
//   POST /api/v3/contents/generations/tasks {model, content: [{type: "text"|"image_url"}...]} -> {id};
//        a prompt containing "refuse" -> 400 {error: {code: "InputTextSensitiveContentDetected", message}}
//   GET  /api/v3/contents/generations/tasks/{id} -> queued -> running -> succeeded
//        (content.video_url: <mock>/files/<id>.mp4, usage tokens: arkTokens) or failed {error} when the prompt has "fail"
//   GET  /files/<id>.mp4 -> the video bytes, no auth
import type http from "node:http";
import { jsonBodyServer, listenLoopback, sendJson as json } from "../../test-support/upstream/loopback";

export type ArkSeen = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
};
export type MockDoubaoVideo = { url: string; requests: ArkSeen[]; ids: string[]; close: () => Promise<void> };

export const DOUBAO_VIDEO = Buffer.from("seedance-mp4-bytes-".repeat(2048));
const TASKS = "/api/v3/contents/generations/tasks";
/** The usage a finished task reports: 300000 tokens when the prompt says "long", else 108900. */
export const arkTokens = (prompt: string) => (prompt.includes("long") ? 300_000 : 108_900);
const tokens = arkTokens;

export async function startMockDoubaoVideo(key: string): Promise<MockDoubaoVideo> {
  const requests: ArkSeen[] = [];
  const ids: string[] = [];
  const jobs = new Map<string, { prompt: string; model: string; polls: number }>();
  let url = "";
  const server = jsonBodyServer((req, body, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    requests.push({ method: req.method ?? "", path, headers: req.headers, body });
    const file = /^\/files\/([^/]+)\.mp4$/.exec(path);
    if (file && jobs.has(file[1]!)) {
      res.writeHead(200, { "content-type": "video/mp4", "content-length": DOUBAO_VIDEO.length });
      return res.end(DOUBAO_VIDEO);
    }
    if (req.headers.authorization !== `Bearer ${key}`)
      return json(res, 401, { error: { code: "AuthenticationError", message: "the API key is invalid" } });
    if (req.method === "POST" && path === TASKS) {
      const content = Array.isArray(body.content) ? (body.content as { type?: string; text?: string }[]) : [];
      const prompt = content.find((c) => c.type === "text")?.text ?? "";
      if (prompt.includes("refuse"))
        return json(res, 400, {
          error: { code: "InputTextSensitiveContentDetected", message: "the prompt may contain sensitive content" },
        });
      const id = `cgt-2026${ids.length + 1}${Math.random().toString(36).slice(2, 7)}`;
      ids.push(id);
      jobs.set(id, { prompt, model: String(body.model ?? ""), polls: 0 });
      return json(res, 200, { id });
    }
    const poll = path.startsWith(`${TASKS}/`) ? path.slice(TASKS.length + 1) : "";
    const job = jobs.get(poll);
    if (req.method !== "GET" || !job)
      return json(res, 404, { error: { code: "ResourceNotFound", message: "task not found" } });
    const n = job.polls++;
    const status = n === 0 ? "queued" : n === 1 ? "running" : job.prompt.includes("fail") ? "failed" : "succeeded";
    return json(res, 200, {
      id: poll,
      model: job.model,
      status,
      ...(status === "succeeded"
        ? {
            content: { video_url: `${url}/files/${poll}.mp4` },
            usage: { completion_tokens: tokens(job.prompt), total_tokens: tokens(job.prompt) },
          }
        : {}),
      ...(status === "failed"
        ? { error: { code: "OutputVideoSensitiveContentDetected", message: "mock ark failure" } }
        : {}),
      created_at: 1764288000,
      updated_at: 1764288060,
    });
  });
  const l = await listenLoopback(server);
  url = l.url;
  return { url, requests, ids, close: l.close };
}
