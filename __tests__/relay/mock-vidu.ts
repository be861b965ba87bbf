// A loopback Vidu upstream (api.vidu.cn's enterprise video API) for the video task relay tests:
//   auth: Authorization: Token <key> (else 401 {code: "Unauthorized"})
//   POST /ent/v2/{text2video,img2video,start-end2video,reference2video} -> {task_id, state: "created", ...};
//        a prompt containing "refuse" -> 400 {code: "CreditInsufficient", message}
//   GET  /ent/v2/tasks/{id}/creations -> created -> processing -> success (creations[{url: <mock>/files/<id>.mp4}])
//        or failed {err_code: "AuditSubmitIllegal"} when the prompt has "fail"
//   GET  /files/<id>.mp4 -> the video bytes, no auth
import type http from "node:http";
import { jsonBodyServer, listenLoopback, sendJson as json } from "../../test-support/upstream/loopback";

export type ViduSeen = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
};
export type MockVidu = { url: string; requests: ViduSeen[]; ids: string[]; close: () => Promise<void> };

export const VIDU_VIDEO = Buffer.from("vidu-mp4-bytes-".repeat(2048));

export async function startMockVidu(key: string): Promise<MockVidu> {
  const requests: ViduSeen[] = [];
  const ids: string[] = [];
  const jobs = new Map<string, { prompt: string; polls: number }>();
  let url = "";
  const server = jsonBodyServer((req, body, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    requests.push({ method: req.method ?? "", path, headers: req.headers, body });
    const file = /^\/files\/([^/]+)\.mp4$/.exec(path);
    if (file && jobs.has(file[1]!)) {
      res.writeHead(200, { "content-type": "video/mp4", "content-length": VIDU_VIDEO.length });
      return res.end(VIDU_VIDEO);
    }
    if (req.headers.authorization !== `Token ${key}`)
      return json(res, 401, { code: "Unauthorized", message: "bad token" });
    const submit = /^\/ent\/v2\/(text2video|img2video|start-end2video|reference2video)$/.exec(path);
    if (req.method === "POST" && submit) {
      const prompt = String(body.prompt ?? "");
      if (prompt.includes("refuse"))
        return json(res, 400, { code: "CreditInsufficient", message: "credit insufficient" });
      const id = `vd${ids.length + 1}${Math.random().toString(36).slice(2, 7)}`;
      ids.push(id);
      jobs.set(id, { prompt, polls: 0 });
      return json(res, 200, {
        task_id: id,
        state: "created",
        model: body.model,
        prompt,
        created_at: "2026-11-28T00:00:00Z",
      });
    }
    const poll = /^\/ent\/v2\/tasks\/([^/]+)\/creations$/.exec(path);
    const job = poll ? jobs.get(poll[1]!) : undefined;
    if (req.method !== "GET" || !job) return json(res, 404, { code: "TaskNotFound", message: "not found" });
    const n = job.polls++;
    const state = n === 0 ? "queueing" : n === 1 ? "processing" : job.prompt.includes("fail") ? "failed" : "success";
    return json(res, 200, {
      id: poll![1],
      state,
      err_code: state === "failed" ? "AuditSubmitIllegal" : "",
      credits: 4,
      creations:
        state === "success"
          ? [{ id: "c1", url: `${url}/files/${poll![1]}.mp4`, cover_url: `${url}/files/cover.jpg` }]
          : [],
    });
  });
  const l = await listenLoopback(server);
  url = l.url;
  return { url, requests, ids, close: l.close };
}
