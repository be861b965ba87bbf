// A loopback Sora upstream speaking OpenAI's videos API (the paths, auth and shapes the openai SDK and
// new-api's sora adaptor use), for the video task relay tests:
//   auth: Authorization: Bearer <key> on /v1/videos..., api-key: <key> on Azure's /openai/v1/videos...;
//         any other key -> 401 {error}
//   POST /v1/videos              JSON or multipart (model, prompt, seconds, size, input_reference file)
//                                -> Video {id: "video_<n>", status: "queued"}; a prompt containing
//                                "refuse" -> 400 {error: {message}} naming the key and the mock's address
//   GET  /v1/videos/{id}         each poll moves one step: queued -> in_progress 50 -> completed, or
//                                failed {error: {message: "mock sora failure"}} when the prompt has "fail"
//   GET  /v1/videos/{id}/content ?variant=video|thumbnail|spritesheet: VIDEO_BYTES bytes in 64 KB chunks
//                                (video/mp4) or a small image; 404 before completion
//   POST /v1/videos/{id}/remix   {prompt} -> a new Video with remixed_from_video_id
import http from "node:http";
import { listenLoopback, sendJson as json } from "../../test-support/upstream/loopback";

export type VideoSeen = {
  method: string;
  path: string;
  query: string;
  headers: http.IncomingHttpHeaders;
  contentType: string;
  /** JSON body, or the multipart form's text fields. */
  fields: Record<string, unknown>;
  files: { field: string; name: string; type: string; size: number; sha: string }[];
};
export type MockVideo = {
  url: string;
  requests: VideoSeen[];
  /** Upstream video ids handed out, in order. */
  ids: string[];
  close: () => Promise<void>;
};

export const VIDEO_BYTES = 3 * 1024 * 1024 + 17;
/** The byte at offset i of every mock video. */
export const videoByte = (i: number) => (i * 31 + 7) & 0xff;

type Job = { prompt: string; polls: number; model: string; seconds: string; size: string; remixOf: string | null };

async function readForm(req: http.IncomingMessage, raw: Buffer) {
  const contentType = String(req.headers["content-type"] ?? "");
  const fields: Record<string, unknown> = {};
  const files: VideoSeen["files"] = [];
  if (contentType.startsWith("multipart/form-data")) {
    const form = await new Request("http://mock.local", {
      method: "POST",
      headers: { "content-type": contentType },
      body: new Uint8Array(raw),
    }).formData();
    const { createHash } = await import("node:crypto");
    for (const [k, v] of form.entries()) {
      if (typeof v === "string") fields[k] = v;
      else {
        const bytes = Buffer.from(await v.arrayBuffer());
        files.push({
          field: k,
          name: v.name,
          type: v.type,
          size: bytes.length,
          sha: createHash("sha256").update(bytes).digest("hex"),
        });
      }
    }
  } else if (raw.length) {
    try {
      Object.assign(fields, JSON.parse(raw.toString()) as Record<string, unknown>);
    } catch {
      fields.__invalid = true;
    }
  }
  return { contentType, fields, files };
}

function streamVideo(res: http.ServerResponse): void {
  res.writeHead(200, {
    "content-type": "video/mp4",
    "content-length": VIDEO_BYTES,
    "x-upstream-secret": "mock-internal",
  });
  let sent = 0;
  const write = () => {
    while (sent < VIDEO_BYTES) {
      const n = Math.min(65536, VIDEO_BYTES - sent);
      const chunk = Buffer.alloc(n);
      for (let i = 0; i < n; i++) chunk[i] = videoByte(sent + i);
      sent += n;
      if (!res.write(chunk)) return void res.once("drain", write);
    }
    res.end();
  };
  write();
}

export async function startMockVideo(opts: { key: string }): Promise<MockVideo> {
  const requests: VideoSeen[] = [];
  const ids: string[] = [];
  const jobs = new Map<string, Job>();
  let url = "";

  const view = (id: string, j: Job) => {
    const status =
      j.polls === 0 ? "queued" : j.polls === 1 ? "in_progress" : j.prompt.includes("fail") ? "failed" : "completed";
    return {
      id,
      object: "video",
      model: j.model,
      status,
      progress: status === "in_progress" ? 50 : status === "queued" ? 0 : 100,
      created_at: 1_700_000_000,
      completed_at: status === "completed" ? 1_700_000_100 : null,
      expires_at: null,
      prompt: j.prompt,
      seconds: j.seconds,
      size: j.size,
      remixed_from_video_id: j.remixOf,
      error: status === "failed" ? { code: "moderation_blocked", message: "mock sora failure" } : null,
    };
  };
  const create = (j: Job) => {
    const id = `video_${ids.length + 1}_${Math.random().toString(36).slice(2, 8)}`;
    ids.push(id);
    jobs.set(id, j);
    return view(id, { ...j, polls: 0 });
  };

  const server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on("data", (c: Buffer) => parts.push(c));
    req.on("end", () => {
      void (async () => {
        const [rawPath, query = ""] = (req.url ?? "/").split("?");
        const azure = rawPath!.startsWith("/openai/v1/");
        const path = azure ? rawPath!.slice("/openai".length) : rawPath!;
        const { contentType, fields, files } = await readForm(req, Buffer.concat(parts));
        requests.push({
          method: req.method ?? "",
          path: rawPath!,
          query,
          headers: req.headers,
          contentType,
          fields,
          files,
        });
        const key = azure ? req.headers["api-key"] : String(req.headers.authorization ?? "").replace(/^Bearer /, "");
        if (key !== opts.key)
          return json(res, 401, {
            error: { message: "Incorrect API key provided", type: "invalid_request_error", code: "invalid_api_key" },
          });

        const m = /^\/v1\/videos(?:\/([^/]+)(?:\/(content|remix))?)?$/.exec(path);
        if (!m) return json(res, 404, { error: { message: `no route ${path}` } });
        const [, id, sub] = m;
        if (req.method === "POST" && !id) {
          const prompt = String(fields.prompt ?? "");
          if (prompt.includes("refuse"))
            return json(res, 400, {
              error: {
                message: `Your prompt was refused (key ${opts.key} at ${url})`,
                type: "invalid_request_error",
                code: "moderation_blocked",
              },
            });
          const j = {
            prompt,
            polls: 0,
            model: String(fields.model ?? "sora-2"),
            seconds: String(fields.seconds ?? "4"),
            size: String(fields.size ?? "720x1280"),
            remixOf: null,
          };
          return json(res, 200, create(j));
        }
        const job = id ? jobs.get(id) : undefined;
        if (!job) return json(res, 404, { error: { message: "Video not found", type: "invalid_request_error" } });
        if (req.method === "POST" && sub === "remix")
          return json(res, 200, create({ ...job, prompt: String(fields.prompt ?? ""), polls: 0, remixOf: id! }));
        if (req.method === "GET" && sub === "content") {
          if (view(id!, job).status !== "completed") return json(res, 404, { error: { message: "not ready" } });
          const variant = new URLSearchParams(query).get("variant") ?? "video";
          if (variant === "video") return streamVideo(res);
          res.writeHead(200, { "content-type": variant === "thumbnail" ? "image/webp" : "image/jpeg" });
          return res.end(`${variant}-of-${id}`);
        }
        if (req.method === "GET" && !sub) {
          const answer = view(id!, job);
          job.polls++;
          return json(res, 200, answer);
        }
        return json(res, 405, { error: { message: "method not allowed" } });
      })();
    });
  });
  const l = await listenLoopback(server);
  url = l.url;
  return { url, requests, ids, close: l.close };
}
