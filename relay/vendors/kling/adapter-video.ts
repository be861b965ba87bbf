import "server-only";

// Kling's video API as new-api's kling task adaptor speaks it: POST {base}/v1/videos/text2video or
// image2video (with an image) and GET .../{task_id}, each with a Bearer JWT signed (HS256) from the
// channel key "AccessKey|SecretKey": iss = AccessKey, exp = now + 30 min, nbf = now - 5 s. A key
// starting with "sk-" is another new-api-style gateway: its /kling/v1/... paths, the key as is.
// Billed per task (no seconds or size ratios), as new-api bills Kling. The finished video is
// downloaded from the address Kling hands out (kept server-side, streamed to the client).
import { createHmac } from "node:crypto";
import type { VideoCall, VideoChannel, VideoJob, VideoState, VideoVendor } from "@/relay/kernel/video";

const b64url = (s: string | Buffer) => Buffer.from(s).toString("base64url");

/** The Bearer token for a channel key (new-api's createJWTTokenWithKey). */
export function klingToken(key: string, nowMs = Date.now()): string {
  if (key.startsWith("sk-")) return key;
  const [access = "", secret = ""] = key.split("|").map((p) => p.trim());
  if (!access || !secret) return access;
  const now = Math.floor(nowMs / 1000);
  const head = b64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const body = b64url(JSON.stringify({ iss: access, exp: now + 1800, nbf: now - 5 }));
  const sig = createHmac("sha256", secret).update(`${head}.${body}`).digest("base64url");
  return `${head}.${body}.${sig}`;
}

/** new-api's getAspectRatio. */
function aspectRatio(size: string): string {
  if (size === "1280x720" || size === "1920x1080") return "16:9";
  if (size === "720x1280" || size === "1080x1920") return "9:16";
  return "1:1";
}

const str = (v: unknown): string => (typeof v === "string" ? v : "");
const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** The reference image: a URL or base64 text field, else an uploaded file as base64. */
function imageOf(job: VideoJob): string {
  const j = job.json ?? {};
  const text = str(j.image) || str(j.input_reference) || job.fields.image || job.fields.input_reference || "";
  if (text) return text;
  const file = job.files.find((f) => f.field === "input_reference" || f.field === "image");
  return file ? file.data.toString("base64") : "";
}

function path(ch: VideoChannel, image: boolean): string {
  const kind = image ? "image2video" : "text2video";
  return `${ch.baseUrl.replace(/\/+$/, "")}${ch.key.startsWith("sk-") ? "/kling" : ""}/v1/videos/${kind}`;
}

const headers = (ch: VideoChannel): Record<string, string> => ({
  authorization: `Bearer ${klingToken(ch.key)}`,
  accept: "application/json",
  "user-agent": "kling-sdk/1.0",
});

function parseState(answer: unknown): VideoState | null {
  const data = obj(obj(answer).data);
  const videos = obj(data.task_result).videos;
  const first = Array.isArray(videos) ? obj(videos[0]) : {};
  switch (str(data.task_status)) {
    case "submitted":
      return { status: "QUEUED", progress: null, reason: "", resultUrl: "" };
    case "processing":
      return { status: "IN_PROGRESS", progress: null, reason: "", resultUrl: "" };
    case "succeed":
      return { status: "SUCCESS", progress: 100, reason: "", resultUrl: str(first.url) };
    case "failed":
      return { status: "FAILURE", progress: 100, reason: str(data.task_status_msg) || "task failed", resultUrl: "" };
    default:
      return null;
  }
}

export const klingVideo: VideoVendor = {
  ratios: () => ({}),
  action: (job) => (imageOf(job) ? "generate" : "textGenerate"),
  submit(ch, job) {
    const image = imageOf(job);
    const metadata = job.json ? { ...obj(job.json.metadata), ...job.json } : {};
    for (const k of ["model", "model_name", "prompt", "seconds", "size", "input_reference", "metadata"])
      delete metadata[k];
    const payload = {
      prompt: job.prompt,
      ...(image ? { image } : {}),
      mode: "std",
      duration: String(job.seconds > 0 ? job.seconds : 5),
      aspect_ratio: aspectRatio(job.size),
      cfg_scale: 0.5,
      ...metadata,
      model_name: job.upstreamModel,
      model: job.upstreamModel,
    };
    return {
      url: path(ch, !!image),
      method: "POST",
      headers: { ...headers(ch), "content-type": "application/json" },
      body: JSON.stringify(payload),
    } satisfies VideoCall;
  },
  remix: () => null,
  submittedId(answer) {
    const a = obj(answer);
    return a.code === 0 ? str(obj(a.data).task_id) : "";
  },
  poll: (ch, upstreamId, action) => ({
    url: `${path(ch, action === "generate")}/${encodeURIComponent(upstreamId)}`,
    method: "GET",
    headers: headers(ch),
  }),
  parsePoll: parseState,
  content: (_ch, _id, variant, resultUrl) =>
    resultUrl && (!variant || variant === "video") ? { url: resultUrl, method: "GET", headers: {} } : null,
};
