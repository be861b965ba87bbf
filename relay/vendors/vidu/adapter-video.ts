import "server-only";

// Vidu's video API as new-api's vidu task adaptor speaks it: POST {base}/ent/v2/{text2video,
// img2video, start-end2video, reference2video} (by the number of reference images, or the
// metadata's action) and GET {base}/ent/v2/tasks/{id}/creations, with "Authorization: Token <key>".
// Billed per task. The finished video is downloaded from the address Vidu hands out.
import type { VideoChannel, VideoJob, VideoState, VideoVendor } from "@/relay/kernel/video";

const str = (v: unknown): string => (typeof v === "string" ? v : "");
const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

const PATHS: Record<string, string> = {
  textGenerate: "/text2video",
  generate: "/img2video",
  firstTailGenerate: "/start-end2video",
  referenceGenerate: "/reference2video",
};

/** The reference images: the JSON's images, image or input_reference, else uploads as data URIs. */
function imagesOf(job: VideoJob): string[] {
  const j = job.json ?? {};
  if (Array.isArray(j.images)) return j.images.filter((x): x is string => typeof x === "string");
  const one = str(j.image) || str(j.input_reference) || job.fields.image || job.fields.input_reference || "";
  if (one) return [one];
  return job.files.map((f) => `data:${f.contentType};base64,${f.data.toString("base64")}`);
}

function actionOf(job: VideoJob): string {
  const meta = str(obj(job.json?.metadata).action);
  if (meta && meta in PATHS) return meta;
  const n = imagesOf(job).length;
  return n === 0 ? "textGenerate" : n === 1 ? "generate" : n === 2 ? "firstTailGenerate" : "referenceGenerate";
}

const root = (ch: VideoChannel) => `${ch.baseUrl.replace(/\/+$/, "")}/ent/v2`;
const headers = (ch: VideoChannel) => ({ authorization: `Token ${ch.key}`, accept: "application/json" });

function parseState(answer: unknown): VideoState | null {
  const a = obj(answer);
  const creations = Array.isArray(a.creations) ? a.creations : [];
  switch (str(a.state)) {
    case "created":
    case "queueing":
      return { status: "QUEUED", progress: null, reason: "", resultUrl: "" };
    case "processing":
      return { status: "IN_PROGRESS", progress: null, reason: "", resultUrl: "" };
    case "success":
      return { status: "SUCCESS", progress: 100, reason: "", resultUrl: str(obj(creations[0]).url) };
    case "failed":
      return { status: "FAILURE", progress: 100, reason: str(a.err_code) || "task failed", resultUrl: "" };
    default:
      return null;
  }
}

export const viduVideo: VideoVendor = {
  ratios: () => ({}),
  action: actionOf,
  submit(ch, job) {
    const action = actionOf(job);
    const metadata = { ...obj(job.json?.metadata) };
    delete metadata.action;
    let model = job.upstreamModel || "viduq1";
    // Reference-to-video takes viduq2 without a suffix (new-api, platform.vidu.cn/docs/reference-to-video).
    if (action === "referenceGenerate" && model.includes("viduq2")) model = "viduq2";
    const payload = {
      model,
      images: imagesOf(job),
      prompt: job.prompt,
      duration: job.seconds > 0 ? job.seconds : 5,
      resolution: job.size || "1080p",
      movement_amplitude: "auto",
      bgm: false,
      ...metadata,
    };
    return {
      url: `${root(ch)}${PATHS[action]}`,
      method: "POST",
      headers: { ...headers(ch), "content-type": "application/json" },
      body: JSON.stringify(payload),
    };
  },
  remix: () => null,
  submittedId(answer) {
    const a = obj(answer);
    return str(a.state) === "failed" ? "" : str(a.task_id);
  },
  poll: (ch, upstreamId) => ({
    url: `${root(ch)}/tasks/${encodeURIComponent(upstreamId)}/creations`,
    method: "GET",
    headers: headers(ch),
  }),
  parsePoll: parseState,
  content: (_ch, _id, variant, resultUrl) =>
    resultUrl && (!variant || variant === "video") ? { url: resultUrl, method: "GET", headers: {} } : null,
};
