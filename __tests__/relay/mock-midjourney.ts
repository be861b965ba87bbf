// Loopback midjourney-proxy and Suno upstreams for the task relay tests (one node:http server).
// Midjourney (auth header mj-api-secret):
//   POST /mj/submit/*            -> {code:1, result:"<id>"}; a prompt containing "refuse" -> {code:4};
//                                   "queued" -> {code:22}; "broken" -> HTTP 500 with a non-JSON body
//   POST /mj/task/list-by-condition {ids} -> each task moves one step per poll:
//                                   SUBMITTED -> IN_PROGRESS 50% -> SUCCESS 100% with imageUrl /img/<id>.png,
//                                   or FAILURE on the second poll when its prompt contains "fail"
//   GET  /mj/task/<id>/image-seed -> {code:1, result:"seed-<id>"}
//   GET  /img/<id>.png           -> a small PNG;  GET /img/svg -> an SVG with a script (refused: not a
//                                   raster type by its bytes);  GET /img/text -> text/plain (refused by the proxy;
//                                   the image URL of tasks whose prompt contains "textimage")
// Suno (Authorization: Bearer):
//   POST /suno/submit/{music,lyrics} -> {code:"success", data:"<id>"}; a prompt containing "refuse" ->
//                                   {code:"error"}; POST /suno/fetch {ids} -> SUBMITTED -> IN_PROGRESS ->
//                                   SUCCESS (data: clips) or FAILURE when the prompt contains "fail"
import type http from "node:http";
import { jsonBodyServer, listenLoopback, sendJson as json } from "../../test-support/upstream/loopback";

export type Recorded = { method: string; path: string; headers: http.IncomingHttpHeaders; body: unknown };
export type MockTasks = { url: string; requests: Recorded[]; close: () => Promise<void> };

// 1x1 transparent PNG.
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

type MockTask = { prompt: string; polls: number; action: string };

export async function startMockTasks(): Promise<MockTasks> {
  const requests: Recorded[] = [];
  const mj = new Map<string, MockTask>();
  const suno = new Map<string, MockTask>();
  let seq = 0;
  let url = "";
  const server = jsonBodyServer((req, body, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    requests.push({ method: req.method ?? "", path, headers: req.headers, body });
    const prompt = String(body.prompt ?? body.gpt_description_prompt ?? "");

    if (path.startsWith("/img/")) {
      if (path === "/img/text") {
        res.writeHead(200, { "content-type": "text/plain" });
        return res.end("not an image");
      }
      if (path === "/img/svg") {
        // An "image" that would run script on the gateway's origin if served as is.
        res.writeHead(200, { "content-type": "image/svg+xml" });
        return res.end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      }
      res.writeHead(200, { "content-type": "image/png", "content-length": PNG.length });
      return res.end(PNG);
    }
    const submit = /^(?:\/(?:fast|turbo|relax))?\/mj\/(submit\/[a-z-]+|insight-face\/swap)$/.exec(path);
    if (submit && req.method === "POST") {
      if (prompt.includes("broken")) {
        res.writeHead(500, { "content-type": "text/plain" });
        return res.end("upstream exploded");
      }
      if (prompt.includes("refuse")) return json(res, 200, { code: 4, description: "banned prompt", result: null });
      const id = `mj${++seq}${Date.now() % 100000}`;
      mj.set(id, { prompt, polls: 0, action: submit[1]!.split("/")[1]!.toUpperCase() });
      return json(res, 200, {
        code: prompt.includes("queued") ? 22 : 1,
        description: "提交成功",
        result: id,
        properties: { discordInstanceId: "1" },
      });
    }
    if (path === "/mj/task/list-by-condition" && req.method === "POST") {
      const ids = Array.isArray(body.ids) ? (body.ids as string[]) : [];
      const out = ids.flatMap((id): Record<string, unknown>[] => {
        const t = mj.get(id);
        if (!t) return [];
        t.polls++;
        const base = { id, action: t.action, prompt: t.prompt, promptEn: `${t.prompt} (en)`, description: "" };
        if (t.polls === 1) return [{ ...base, status: "IN_PROGRESS", progress: "50%", startTime: 1700000000000 }];
        if (t.prompt.includes("fail"))
          return [{ ...base, status: "FAILURE", progress: "", failReason: "mock upstream failure" }];
        return [
          {
            ...base,
            status: "SUCCESS",
            progress: "100%",
            startTime: 1700000000000,
            finishTime: 1700000060000,
            imageUrl: t.prompt.includes("textimage")
              ? `${url}/img/text`
              : t.prompt.includes("svgimage")
                ? `${url}/img/svg`
                : `${url}/img/${id}.png`,
            buttons: [{ customId: `MJ::JOB::upsample::1::${id}`, label: "U1" }],
          },
        ];
      });
      return json(res, 200, out);
    }
    const seed = /^\/mj\/task\/([^/]+)\/image-seed$/.exec(path);
    if (seed) return json(res, 200, { code: 1, result: `seed-${seed[1]}` });

    const sunoSubmit = /^\/suno\/submit\/(music|lyrics)$/.exec(path);
    if (sunoSubmit && req.method === "POST") {
      if (prompt.includes("refuse")) return json(res, 200, { code: "error", message: "refused", data: null });
      const id = `suno-${++seq}`;
      suno.set(id, { prompt, polls: 0, action: sunoSubmit[1]!.toUpperCase() });
      return json(res, 200, { code: "success", message: "", data: id });
    }
    if (path === "/suno/fetch" && req.method === "POST") {
      const ids = Array.isArray(body.ids) ? (body.ids as string[]) : [];
      const data = ids.flatMap((id): Record<string, unknown>[] => {
        const t = suno.get(id);
        if (!t) return [];
        t.polls++;
        const base = { task_id: id, action: t.action };
        if (t.polls === 1) return [{ ...base, status: "IN_PROGRESS", progress: "50%" }];
        if (t.prompt.includes("fail")) return [{ ...base, status: "FAILURE", fail_reason: "mock suno failure" }];
        return [{ ...base, status: "SUCCESS", progress: "100%", data: [{ id: `${id}-clip`, audio_url: "x.mp3" }] }];
      });
      return json(res, 200, { code: "success", message: "", data });
    }
    json(res, 404, { error: "not found" });
  });
  const listening = await listenLoopback(server);
  url = listening.url;
  return { ...listening, requests };
}
