import "server-only";

// Veo on the Gemini API as new-api's gemini task adaptor speaks it: POST {base}/v1beta/models/{model}
// :predictLongRunning {instances: [{prompt, image?}], parameters: {sampleCount: 1, durationSeconds,
// aspectRatio, resolution, ...metadata}} with x-goog-api-key; the answer's operation name is polled
// with GET {base}/v1beta/{name} until done; the video's uri is downloaded with the same key. Billed
// at the model price × seconds (default 8) × the 4K factor of Veo 3.1 (new-api's VeoResolutionRatio).
import type { VideoChannel, VideoJob, VideoState, VideoVendor } from "@/relay/kernel/video";

const str = (v: unknown): string => (typeof v === "string" ? v : "");
const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
/** Operation names as the Gemini API hands them out (models/{m}/operations/{id}): a path of ours. */
const OPERATION = /^[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;

/** new-api's SizeToVeoResolution / SizeToVeoAspectRatio. */
function fromSize(size: string): { resolution: string; aspectRatio: string } {
  const [w = 0, h = 0] = size
    .toLowerCase()
    .split("x")
    .map((n) => Number.parseInt(n, 10) || 0);
  const max = Math.max(w, h);
  const resolution = max >= 3840 ? "4k" : max >= 1920 ? "1080p" : "720p";
  return { resolution, aspectRatio: w > 0 && h > w ? "9:16" : "16:9" };
}

function seconds(job: Pick<VideoJob, "seconds">, meta: Record<string, unknown>): number {
  const d = meta.durationSeconds;
  if (typeof d === "number" && d > 0) return Math.min(Math.floor(d), 3600);
  return job.seconds > 0 ? job.seconds : 8;
}

function resolutionOf(job: Pick<VideoJob, "size">, meta: Record<string, unknown>): string {
  const r = str(meta.resolution);
  if (r) return r.toLowerCase();
  return job.size ? fromSize(job.size).resolution : "720p";
}

/** new-api's VeoResolutionRatio: only 4K costs more, on Veo 3.1. */
function resolutionRatio(model: string, resolution: string): number {
  if (resolution !== "4k") return 1;
  if (model.includes("3.1-fast-generate")) return 2.333333;
  return model.includes("3.1") ? 1.5 : 1;
}

function imageOf(job: VideoJob): { bytesBase64Encoded: string; mimeType: string } | undefined {
  const file = job.files.find((f) => f.field === "input_reference" || f.field === "image");
  if (file) return { bytesBase64Encoded: file.data.toString("base64"), mimeType: file.contentType };
  const data = /^data:([\w/+.-]+);base64,(.+)$/.exec(
    str(job.json?.image) || job.fields.image || job.fields.input_reference || "",
  );
  return data ? { bytesBase64Encoded: data[2]!, mimeType: data[1]! } : undefined;
}

const base = (ch: VideoChannel) => `${ch.baseUrl.replace(/\/+$/, "")}/v1beta`;
const auth = (ch: VideoChannel) => ({ "x-goog-api-key": ch.key, accept: "application/json" });

/**
 * A long-running operation's state (shared with Veo on Vertex): its error, not done yet, or done with the
 * result address `videoOf` finds in the response ("" when the video was filtered out).
 */
export function veoOperationState(
  answer: unknown,
  videoOf: (response: Record<string, unknown>) => string,
): VideoState | null {
  const a = obj(answer);
  const message = str(obj(a.error).message);
  if (message) return { status: "FAILURE", progress: 100, reason: message, resultUrl: "" };
  if (typeof a.done !== "boolean" && !a.name) return null;
  if (a.done !== true) return { status: "IN_PROGRESS", progress: 50, reason: "", resultUrl: "" };
  const url = videoOf(obj(a.response));
  if (!url) return { status: "FAILURE", progress: 100, reason: "no video in the answer (filtered)", resultUrl: "" };
  return { status: "SUCCESS", progress: 100, reason: "", resultUrl: url };
}

/** The Gemini API's file address of the first generated video. */
function fileUri(response: Record<string, unknown>): string {
  const gen = obj(response.generateVideoResponse);
  const list = Array.isArray(gen.generatedSamples)
    ? gen.generatedSamples
    : Array.isArray(gen.generatedVideos)
      ? gen.generatedVideos
      : [];
  return str(obj(obj(list[0]).video).uri);
}

/** The predictLongRunning body of a generation (shared with Veo on Vertex, relay/vendors/vertex/adapter-video.ts). */
export function veoRequestBody(job: VideoJob): string {
  const meta = { ...obj(job.json?.metadata) };
  const image = imageOf(job);
  const sized = job.size ? fromSize(job.size) : null;
  const parameters = {
    ...(job.seconds > 0 ? { durationSeconds: job.seconds } : {}),
    ...(sized ? { resolution: sized.resolution, aspectRatio: sized.aspectRatio } : {}),
    ...meta,
    sampleCount: 1,
  };
  return JSON.stringify({ instances: [{ prompt: job.prompt, ...(image ? { image } : {}) }], parameters });
}

export const veoVideo: VideoVendor = {
  ratios(job) {
    const meta = { ...obj(job.json?.metadata) };
    return { seconds: seconds(job, meta), resolution: resolutionRatio(job.upstreamModel, resolutionOf(job, meta)) };
  },
  action: (job) => (imageOf(job) ? "generate" : "textGenerate"),
  submit: (ch, job) => ({
    url: `${base(ch)}/models/${encodeURIComponent(job.upstreamModel)}:predictLongRunning`,
    method: "POST",
    headers: { ...auth(ch), "content-type": "application/json" },
    body: veoRequestBody(job),
  }),
  remix: () => null,
  submittedId(answer) {
    const name = str(obj(answer).name);
    return OPERATION.test(name) && !name.split("/").some((part) => part === "." || part === "..") ? name : "";
  },
  poll: (ch, name) => ({ url: `${base(ch)}/${name}`, method: "GET", headers: auth(ch) }),
  parsePoll: (answer) => veoOperationState(answer, fileUri),
  // The key goes only to the channel's own host (the file download), never to another address.
  content(ch, _id, variant, resultUrl) {
    if (!resultUrl || (variant && variant !== "video")) return null;
    const headers: Record<string, string> = sameOrigin(resultUrl, ch.baseUrl) ? { "x-goog-api-key": ch.key } : {};
    return { url: resultUrl, method: "GET", headers };
  },
};

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

export { resolutionRatio as veoResolutionRatio };
