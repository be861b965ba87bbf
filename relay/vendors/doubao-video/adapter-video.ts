import "server-only";

// Doubao Seedance video on Volcengine Ark, as new-api's doubao task adaptor speaks it:
// POST {base}/api/v3/contents/generations/tasks {model, content: [text, image_url...], ...metadata}
// and GET {base}/api/v3/contents/generations/tasks/{id}, with "Authorization: Bearer <Ark key>".
// Billed per task on submit; a ratio-priced model is settled at completion by Ark's usage.total_tokens
// × the model ratio, as new-api does (relay/tasks/settle-video-tokens.ts).
// The finished video is downloaded from the address Ark hands out (content.video_url).
import type { VideoChannel, VideoJob, VideoState, VideoVendor } from "@/relay/kernel/video";

const str = (v: unknown): string => (typeof v === "string" ? v : "");
const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** The request fields new-api reads from the client's metadata (its requestPayload); others are dropped. */
const METADATA_FIELDS = [
  "callback_url",
  "return_last_frame",
  "service_tier",
  "execution_expires_after",
  "generate_audio",
  "draft",
  "resolution",
  "ratio",
  "duration",
  "frames",
  "seed",
  "camera_fixed",
  "watermark",
] as const;

/** The reference images: the JSON's images, image or input_reference, else uploads as data URIs. */
function imagesOf(job: VideoJob): string[] {
  const j = job.json ?? {};
  if (Array.isArray(j.images)) return j.images.filter((x): x is string => typeof x === "string");
  const one = str(j.image) || str(j.input_reference) || job.fields.image || job.fields.input_reference || "";
  if (one) return [one];
  return job.files.map((f) => `data:${f.contentType};base64,${f.data.toString("base64")}`);
}

const tasksUrl = (ch: VideoChannel) => `${ch.baseUrl.replace(/\/+$/, "")}/api/v3/contents/generations/tasks`;
const headers = (ch: VideoChannel) => ({ authorization: `Bearer ${ch.key}`, accept: "application/json" });

function parseState(answer: unknown): VideoState | null {
  const a = obj(answer);
  switch (str(a.status)) {
    case "pending":
    case "queued":
      return { status: "QUEUED", progress: 10, reason: "", resultUrl: "" };
    case "processing":
    case "running":
      return { status: "IN_PROGRESS", progress: 50, reason: "", resultUrl: "" };
    case "succeeded": {
      const tokens = obj(a.usage).total_tokens;
      const totalTokens = typeof tokens === "number" && Number.isSafeInteger(tokens) && tokens > 0 ? tokens : 0;
      return { status: "SUCCESS", progress: 100, reason: "", resultUrl: str(obj(a.content).video_url), totalTokens };
    }
    case "failed":
      return { status: "FAILURE", progress: 100, reason: str(obj(a.error).message) || "task failed", resultUrl: "" };
    default:
      // new-api treats an unknown status of a known task as still running.
      return str(a.id) ? { status: "IN_PROGRESS", progress: 30, reason: "", resultUrl: "" } : null;
  }
}

export const doubaoVideo: VideoVendor = {
  ratios: () => ({}),
  // new-api accepts Seedance only as its "generate" action.
  action: () => "generate",
  submit(ch, job) {
    const content: Record<string, unknown>[] = [];
    if (job.prompt) content.push({ type: "text", text: job.prompt });
    for (const url of imagesOf(job)) content.push({ type: "image_url", image_url: { url } });
    const payload: Record<string, unknown> = { model: job.upstreamModel, content };
    const metadata = obj(job.json?.metadata);
    for (const f of METADATA_FIELDS) if (metadata[f] !== undefined) payload[f] = metadata[f];
    if (payload.duration === undefined && job.seconds > 0) payload.duration = job.seconds;
    return {
      url: tasksUrl(ch),
      method: "POST",
      headers: { ...headers(ch), "content-type": "application/json" },
      body: JSON.stringify(payload),
    };
  },
  remix: () => null,
  submittedId: (answer) => str(obj(answer).id),
  poll: (ch, upstreamId) => ({
    url: `${tasksUrl(ch)}/${encodeURIComponent(upstreamId)}`,
    method: "GET",
    headers: headers(ch),
  }),
  parsePoll: parseState,
  content: (_ch, _id, variant, resultUrl) =>
    resultUrl && (!variant || variant === "video") ? { url: resultUrl, method: "GET", headers: {} } : null,
};
