// A loopback Gemini API serving Veo's long-running video generation, for the video task relay tests:
//   auth: x-goog-api-key: <key> (else 403 {error: {code: 403, message, status: "PERMISSION_DENIED"}})
//   POST /v1beta/models/{model}:predictLongRunning {instances, parameters} -> {name: "models/{model}/operations/<id>"}
//   GET  /v1beta/models/{model}/operations/<id> -> {name, done: false} once, then done with
//        response.generateVideoResponse.generatedSamples[0].video.uri = <mock>/v1beta/files/<id>:download,
//        or {error: {message: "mock veo failure"}} when the prompt has "fail"
//   GET  /v1beta/files/<id>:download (key required) -> 302 to /storage/<id>.mp4 (no key, as a signed URL)
import type http from "node:http";
import { jsonBodyServer, listenLoopback, sendJson as json } from "../../test-support/upstream/loopback";

export type VeoSeen = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
};
export type MockVeo = { url: string; requests: VeoSeen[]; close: () => Promise<void> };

export const VEO_VIDEO = Buffer.from("veo-mp4-bytes-".repeat(3000));

export async function startMockVeo(key: string): Promise<MockVeo> {
  const requests: VeoSeen[] = [];
  const ops = new Map<string, { prompt: string; polls: number }>();
  let url = "";
  const server = jsonBodyServer((req, body, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    requests.push({ method: req.method ?? "", path, headers: req.headers, body });
    const stored = /^\/storage\/([^/]+)\.mp4$/.exec(path);
    if (stored && ops.has(stored[1]!)) {
      res.writeHead(200, { "content-type": "video/mp4", "content-length": VEO_VIDEO.length });
      return res.end(VEO_VIDEO);
    }
    if (req.headers["x-goog-api-key"] !== key)
      return json(res, 403, { error: { code: 403, message: "API key not valid", status: "PERMISSION_DENIED" } });
    const file = /^\/v1beta\/files\/([^/:]+):download$/.exec(path);
    if (file && ops.has(file[1]!)) {
      res.writeHead(302, { location: `/storage/${file[1]}.mp4` });
      return res.end();
    }
    const submit = /^\/v1beta\/models\/([^/:]+):predictLongRunning$/.exec(path);
    if (req.method === "POST" && submit) {
      const id = `op${ops.size + 1}${Math.random().toString(36).slice(2, 7)}`;
      const instance = (body.instances as { prompt?: string }[] | undefined)?.[0];
      ops.set(id, { prompt: String(instance?.prompt ?? ""), polls: 0 });
      return json(res, 200, { name: `models/${submit[1]}/operations/${id}` });
    }
    const poll = /^\/v1beta\/(models\/[^/]+\/operations\/([^/]+))$/.exec(path);
    const op = poll ? ops.get(poll[2]!) : undefined;
    if (!op) return json(res, 404, { error: { code: 404, message: "not found", status: "NOT_FOUND" } });
    const name = poll![1];
    if (op.polls++ === 0) return json(res, 200, { name, done: false });
    if (op.prompt.includes("fail"))
      return json(res, 200, { name, done: true, error: { code: 3, message: "mock veo failure" } });
    return json(res, 200, {
      name,
      done: true,
      response: {
        "@type": "type.googleapis.com/google.ai.generativelanguage.v1beta.PredictLongRunningResponse",
        generateVideoResponse: {
          generatedSamples: [{ video: { uri: `${url}/v1beta/files/${poll![2]}:download?alt=media` } }],
        },
      },
    });
  });
  const l = await listenLoopback(server);
  url = l.url;
  return { url, requests, close: l.close };
}
