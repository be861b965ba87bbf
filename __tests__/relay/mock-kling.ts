// A loopback Kling upstream (api.klingai.com's video API) for the video task relay tests:
//   every /v1/videos/... call must carry Authorization: Bearer <JWT> signed HS256 with the secret key,
//   iss = the access key, nbf <= now < exp (else 401 {code: 1000}); checked here as Kling checks it
//   POST /v1/videos/text2video | image2video  -> {code: 0, data: {task_id, task_status: "submitted"}};
//        a prompt containing "refuse" -> {code: 1301, message: "risk control"}
//   GET  /v1/videos/{kind}/{task_id}           -> submitted -> processing -> succeed (task_result.videos
//        [{url: <mock>/files/<id>.mp4}]) or failed (task_status_msg) when the prompt has "fail";
//        the kind must be the one the task was created with
//   GET  /files/<id>.mp4                       -> the video bytes, no auth (Kling's CDN)
import { createHmac } from "node:crypto";
import type http from "node:http";
import { jsonBodyServer, listenLoopback, sendJson as json } from "../../test-support/upstream/loopback";

export type KlingSeen = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
};
export type MockKling = { url: string; requests: KlingSeen[]; ids: string[]; close: () => Promise<void> };

export const KLING_VIDEO = Buffer.from("kling-mp4-bytes-".repeat(4096));

/** The JWT's problem, or null when it is valid for this key pair now. */
function jwtProblem(auth: string, access: string, secret: string): string | null {
  const token = auth.replace(/^Bearer /, "");
  const [head, body, sig] = token.split(".");
  if (!head || !body || !sig) return "not a JWT";
  const expected = createHmac("sha256", secret).update(`${head}.${body}`).digest("base64url");
  if (sig !== expected) return "bad signature";
  const h = JSON.parse(Buffer.from(head, "base64url").toString()) as { alg?: string };
  const c = JSON.parse(Buffer.from(body, "base64url").toString()) as { iss?: string; exp?: number; nbf?: number };
  const now = Date.now() / 1000;
  if (h.alg !== "HS256") return "alg";
  if (c.iss !== access) return "iss";
  if (!c.exp || c.exp <= now || c.exp > now + 3600) return "exp";
  if (c.nbf === undefined || c.nbf > now) return "nbf";
  return null;
}

export async function startMockKling(access: string, secret: string): Promise<MockKling> {
  const requests: KlingSeen[] = [];
  const ids: string[] = [];
  const jobs = new Map<string, { prompt: string; kind: string; polls: number }>();
  let url = "";
  const server = jsonBodyServer((req, body, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    requests.push({ method: req.method ?? "", path, headers: req.headers, body });
    const file = /^\/files\/([^/]+)\.mp4$/.exec(path);
    if (file && jobs.has(file[1]!)) {
      res.writeHead(200, { "content-type": "video/mp4", "content-length": KLING_VIDEO.length });
      return res.end(KLING_VIDEO);
    }
    const problem = jwtProblem(String(req.headers.authorization ?? ""), access, secret);
    if (problem) return json(res, 401, { code: 1000, message: `auth failed: ${problem}`, request_id: "r" });
    const m = /^\/v1\/videos\/(text2video|image2video)(?:\/([^/]+))?$/.exec(path);
    if (!m) return json(res, 404, { code: 1200, message: "not found" });
    const [, kind, id] = m;
    if (req.method === "POST" && !id) {
      const prompt = String(body.prompt ?? "");
      if (prompt.includes("refuse")) return json(res, 400, { code: 1301, message: "risk control", request_id: "r" });
      const taskId = `kl-${ids.length + 1}-${Math.random().toString(36).slice(2, 7)}`;
      ids.push(taskId);
      jobs.set(taskId, { prompt, kind: kind!, polls: 0 });
      return json(res, 200, {
        code: 0,
        message: "SUCCEED",
        request_id: "r",
        data: { task_id: taskId, task_status: "submitted", created_at: 1, updated_at: 1 },
      });
    }
    const job = id ? jobs.get(id) : undefined;
    if (!job || job.kind !== kind) return json(res, 404, { code: 1203, message: "task not found" });
    const n = job.polls++;
    const status = n === 0 ? "submitted" : n === 1 ? "processing" : job.prompt.includes("fail") ? "failed" : "succeed";
    return json(res, 200, {
      code: 0,
      message: "SUCCEED",
      request_id: "r",
      data: {
        task_id: id,
        task_status: status,
        task_status_msg: status === "failed" ? "mock kling failure" : "",
        task_result:
          status === "succeed" ? { videos: [{ id: "v1", url: `${url}/files/${id}.mp4`, duration: "5" }] } : {},
        created_at: 1,
        updated_at: 2,
      },
    });
  });
  const l = await listenLoopback(server);
  url = l.url;
  return { url, requests, ids, close: l.close };
}
