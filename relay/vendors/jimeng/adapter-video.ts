import "server-only";

// Jimeng (即梦) video on Volcengine's visual API, as new-api's jimeng task adaptor speaks it:
// POST {base}/?Action=CVSync2AsyncSubmitTask&Version=2022-08-31 {req_key: <model>, prompt, frames,
// image_urls | binary_data_base64, seed, aspect_ratio} and POST ?Action=CVSync2AsyncGetResult {req_key,
// task_id}, each signed with the channel key "AccessKeyID|SecretAccessKey" (adapter-sign.ts). A key starting
// with "sk-" is another new-api-style gateway: its /jimeng/ path and the key as Bearer. Billed per task.
import type { VideoCall, VideoChannel, VideoJob, VideoState, VideoVendor } from "@/relay/kernel/video";
import { invalidRequest } from "@/relay/kernel/error-codes";
import { volcengineSign } from "@/relay/vendors/jimeng/adapter-sign";

/** Jimeng's limit per reference file (new-api's MaxFileSize, 4.7 MB). */
const MAX_FILE_BYTES = 4 * 1024 * 1024 + 700 * 1024;
/** The result query's fixed req_key (new-api, after Volcengine's documentation). */
const RESULT_REQ_KEY = "jimeng_vgfm_t2v_l20";
const VERSION = "2022-08-31";
/** The request fields a client's metadata may set (new-api's requestPayload; req_key stays the mapped model). */
const METADATA_FIELDS = ["binary_data_base64", "image_urls", "prompt", "seed", "aspect_ratio", "frames"];

const str = (v: unknown): string => (typeof v === "string" ? v : "");
const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === "string" && x !== "") : [];

/** The reference images: the JSON's images (or Jimeng's own fields in the metadata), else uploads as base64. */
function imagesOf(job: VideoJob): string[] {
  const j = job.json ?? {};
  const meta = obj(j.metadata);
  const listed = strings(j.images).length
    ? strings(j.images)
    : [...strings(meta.image_urls), ...strings(meta.binary_data_base64)];
  if (listed.length) return listed;
  const one = str(j.image) || str(j.input_reference) || job.fields.image || job.fields.input_reference || "";
  if (one) return [one];
  for (const f of job.files)
    if (f.data.length > MAX_FILE_BYTES)
      throw invalidRequest(`file ${f.filename} is larger than Jimeng's 4.7 MB limit`, "invalid_file");
  return job.files.map((f) => f.data.toString("base64"));
}

/** new-api: no image, text to video; one, image to video; several, first and last frame. */
function actionOf(job: VideoJob): string {
  const n = imagesOf(job).length;
  return n === 0 ? "textGenerate" : n === 1 ? "generate" : "firstTailGenerate";
}

function aspectRatio(size: string): string {
  const m = /^(\d+)x(\d+)$/.exec(size);
  if (!m) return "16:9";
  const [w, h] = [Number(m[1]), Number(m[2])];
  return w > h ? "16:9" : w < h ? "9:16" : "1:1";
}

/** Jimeng 3.0's req_key by the number of images (new-api, volcengine.com/docs/85621/1792707). */
function v30Key(key: string, images: number): string {
  if (!key.includes("jimeng_v30")) return key;
  if (key === "jimeng_v30_pro") return "jimeng_ti2v_v30_pro";
  if (images > 1) return key.replace("jimeng_v30", "jimeng_i2v_first_tail_v30").replace(/p$/, "");
  if (images === 1) return key.replace("jimeng_v30", "jimeng_i2v_first_v30").replace(/p$/, "");
  return key.replace("jimeng_v30", "jimeng_t2v_v30");
}

function signedCall(ch: VideoChannel, action: string, payload: unknown): VideoCall {
  const relay = ch.key.startsWith("sk-");
  const url = `${ch.baseUrl.replace(/\/+$/, "")}${relay ? "/jimeng" : ""}/?Action=${action}&Version=${VERSION}`;
  const body = JSON.stringify(payload);
  const base = { "content-type": "application/json", accept: "application/json" };
  if (relay) return { url, method: "POST", headers: { ...base, authorization: `Bearer ${ch.key}` }, body };
  const [access = "", secret = ""] = ch.key.split("|").map((p) => p.trim());
  const auth = volcengineSign({ method: "POST", url, contentType: base["content-type"], body }, access, secret);
  return { url, method: "POST", headers: { ...base, ...auth }, body };
}

function parseState(answer: unknown): VideoState | null {
  const a = obj(answer);
  if (typeof a.code !== "number") return null;
  if (a.code !== 10000)
    return { status: "FAILURE", progress: 100, reason: str(a.message) || `code ${a.code}`, resultUrl: "" };
  const data = obj(a.data);
  switch (str(data.status)) {
    case "in_queue":
      return { status: "QUEUED", progress: 10, reason: "", resultUrl: "" };
    case "generating":
      return { status: "IN_PROGRESS", progress: null, reason: "", resultUrl: "" };
    case "done":
      return { status: "SUCCESS", progress: 100, reason: "", resultUrl: str(data.video_url) };
    case "not_found":
    case "expired":
      return { status: "FAILURE", progress: 100, reason: `task ${str(data.status)}`, resultUrl: "" };
    default:
      return null;
  }
}

export const jimengVideo: VideoVendor = {
  ratios: () => ({}),
  action: actionOf,
  submit(ch, job) {
    const images = imagesOf(job);
    const payload: Record<string, unknown> = {
      req_key: job.upstreamModel,
      prompt: job.prompt,
      // 24 frames a second plus one: 10 s or, by default, 5 s.
      frames: job.seconds === 10 ? 241 : 121,
      // Volcengine's "random" (new-api sends Go's zero value, a fixed seed); the metadata may set one.
      seed: -1,
      aspect_ratio: aspectRatio(job.size),
    };
    if (images.length) payload[images[0]!.startsWith("http") ? "image_urls" : "binary_data_base64"] = images;
    const meta = obj(job.json?.metadata);
    for (const f of METADATA_FIELDS) if (meta[f] !== undefined) payload[f] = meta[f];
    payload.req_key = v30Key(job.upstreamModel, images.length);
    return signedCall(ch, "CVSync2AsyncSubmitTask", payload);
  },
  remix: () => null,
  submittedId(answer) {
    const a = obj(answer);
    return a.code === 10000 ? str(obj(a.data).task_id) : "";
  },
  poll: (ch, upstreamId) => signedCall(ch, "CVSync2AsyncGetResult", { req_key: RESULT_REQ_KEY, task_id: upstreamId }),
  parsePoll: parseState,
  content: (_ch, _id, variant, resultUrl) =>
    resultUrl && (!variant || variant === "video") ? { url: resultUrl, method: "GET", headers: {} } : null,
};
