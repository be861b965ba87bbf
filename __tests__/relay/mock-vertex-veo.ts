// A loopback Vertex AI serving Veo, for the video task relay tests. Checks what Google checks: the
// token exchange's JWT is verified with the public key of the service account (RS256, issuer, audience,
// the jwt-bearer grant); every model call wants "Bearer <the token it answered>" and x-goog-user-project.
//   POST /token -> {access_token}
//   POST /v1/projects/{p}/locations/{r}/publishers/google/models/{m}:predictLongRunning
//        -> {name: "projects/{p}/locations/{r}/publishers/google/models/{m}/operations/<id>"}
//   POST .../models/{m}:fetchPredictOperation {operationName} -> {name, done: false} once, then done with
//        response.videos[0].bytesBase64Encoded (the video inline), or {error: {message}} when the prompt has "fail"
import http from "node:http";
import { importSPKI, jwtVerify } from "jose";
import { listenLoopback, sendJson as json } from "../../test-support/upstream/loopback";

export type VertexSeen = { path: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> };
export type MockVertexVeo = {
  url: string;
  requests: VertexSeen[];
  exchanges: () => number;
  close: () => Promise<void>;
};

export const VERTEX_VEO_VIDEO = Buffer.from("vertex-veo-mp4-bytes-".repeat(1500));
const TOKEN = "ya29.vertex-veo-token";
const MODEL_CALL = /^\/v1\/projects\/([^/]+)\/locations\/([^/]+)\/publishers\/google\/models\/([^/:]+):(\w+)$/;

export async function startMockVertexVeo(publicPem: string, email: string, project: string): Promise<MockVertexVeo> {
  const requests: VertexSeen[] = [];
  const ops = new Map<string, { prompt: string; polls: number }>();
  let exchanges = 0;
  let url = "";
  async function handle(req: http.IncomingMessage, raw: string, res: http.ServerResponse) {
    const path = req.url ?? "/";
    if (path === "/token") {
      const form = new URLSearchParams(raw);
      try {
        await jwtVerify(form.get("assertion") ?? "", await importSPKI(publicPem, "RS256"), {
          audience: `${url}/token`,
          issuer: email,
        });
      } catch {
        return json(res, 400, { error: "invalid_grant" });
      }
      if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer")
        return json(res, 400, { error: "unsupported_grant_type" });
      exchanges++;
      return json(res, 200, { access_token: TOKEN, expires_in: 3600, token_type: "Bearer" });
    }
    const body = (raw.startsWith("{") ? JSON.parse(raw) : {}) as Record<string, unknown>;
    requests.push({ path, headers: req.headers, body });
    if (req.headers.authorization !== `Bearer ${TOKEN}` || req.headers["x-goog-user-project"] !== project)
      return json(res, 401, { error: { code: 401, message: "invalid credentials", status: "UNAUTHENTICATED" } });
    const m = MODEL_CALL.exec(path);
    if (!m || req.method !== "POST" || m[1] !== project)
      return json(res, 404, { error: { code: 404, message: "not found", status: "NOT_FOUND" } });
    const [, , region, model, verb] = m;
    if (verb === "predictLongRunning") {
      const instances = Array.isArray(body.instances) ? (body.instances as { prompt?: string }[]) : [];
      const id = `op${ops.size + 1}${Math.random().toString(36).slice(2, 8)}`;
      const name = `projects/${project}/locations/${region}/publishers/google/models/${model}/operations/${id}`;
      ops.set(name, { prompt: instances[0]?.prompt ?? "", polls: 0 });
      return json(res, 200, { name });
    }
    const op = verb === "fetchPredictOperation" ? ops.get(String(body.operationName ?? "")) : undefined;
    if (!op) return json(res, 404, { error: { code: 404, message: "operation not found", status: "NOT_FOUND" } });
    const name = String(body.operationName);
    if (op.polls++ === 0) return json(res, 200, { name, done: false });
    if (op.prompt.includes("fail"))
      return json(res, 200, { name, done: true, error: { code: 3, message: "mock vertex veo failure" } });
    return json(res, 200, {
      name,
      done: true,
      response: {
        "@type": "type.googleapis.com/cloud.ai.large_models.vision.GenerateVideoResponse",
        raiMediaFilteredCount: 0,
        videos: [{ bytesBase64Encoded: VERTEX_VEO_VIDEO.toString("base64"), mimeType: "video/mp4" }],
      },
    });
  }
  const server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on("data", (c: Buffer) => parts.push(c));
    req.on("end", () => void handle(req, Buffer.concat(parts).toString(), res));
  });
  const l = await listenLoopback(server);
  url = l.url;
  return { url, requests, exchanges: () => exchanges, close: l.close };
}
