import "server-only";

// OpenAI's videos API (Sora) as new-api's sora task adaptor speaks it: POST {base}/v1/videos (the
// client's JSON with the model replaced, or its multipart form rebuilt with the model first), GET
// {base}/v1/videos/{id}, POST {base}/v1/videos/{id}/remix, GET {base}/v1/videos/{id}/content?variant=.
// OpenAI (type 1) and Sora (55) channels send a Bearer key; Azure OpenAI (3) serves the same API
// under {endpoint}/openai/v1/videos with an api-key header.
import type { VideoCall, VideoChannel, VideoJob, VideoState, VideoVendor } from "@/relay/kernel/video";
import { multipartBody } from "@/relay/vendors/sora/request-video";

/** new-api's sora EstimateBilling: the portrait/landscape HD sizes cost 1.666667 times the base. */
const HD_SIZES = new Set(["1792x1024", "1024x1792"]);

const str = (v: unknown): string => (typeof v === "string" ? v : "");

function parseState(answer: unknown): VideoState | null {
  if (!answer || typeof answer !== "object") return null;
  const a = answer as Record<string, unknown>;
  const progress = typeof a.progress === "number" && Number.isFinite(a.progress) ? a.progress : null;
  const err = a.error && typeof a.error === "object" ? (a.error as Record<string, unknown>) : null;
  switch (str(a.status)) {
    case "queued":
    case "pending":
      return { status: "QUEUED", progress, reason: "", resultUrl: "" };
    case "processing":
    case "in_progress":
      return { status: "IN_PROGRESS", progress, reason: "", resultUrl: "" };
    case "completed":
      return { status: "SUCCESS", progress: 100, reason: "", resultUrl: "" };
    case "failed":
    case "cancelled":
      return { status: "FAILURE", progress: 100, reason: str(err?.message) || "task failed", resultUrl: "" };
    default:
      return null;
  }
}

export function createSoraVideo(opts: { azure: boolean }): VideoVendor {
  const root = (ch: VideoChannel) =>
    `${ch.baseUrl.replace(/\/+$/, "")}${opts.azure ? "/openai/v1/videos" : "/v1/videos"}`;
  const auth = (ch: VideoChannel): Record<string, string> =>
    opts.azure ? { "api-key": ch.key } : { authorization: `Bearer ${ch.key}` };
  const get = (ch: VideoChannel, url: string): VideoCall => ({ url, method: "GET", headers: auth(ch) });

  return {
    ratios: (job) => ({ seconds: job.seconds > 0 ? job.seconds : 4, size: HD_SIZES.has(job.size) ? 1.666667 : 1 }),
    submit(ch, job: VideoJob) {
      if (job.json) {
        const body = JSON.stringify({ ...job.json, model: job.upstreamModel });
        return { url: root(ch), method: "POST", headers: { ...auth(ch), "content-type": "application/json" }, body };
      }
      // The model first (as new-api writes it), then the client's other fields: never its own model.
      const fields: Record<string, string> = { model: job.upstreamModel };
      for (const [k, v] of Object.entries(job.fields)) if (k !== "model") fields[k] = v;
      const form = multipartBody(fields, job.files);
      return {
        url: root(ch),
        method: "POST",
        headers: { ...auth(ch), "content-type": form.contentType },
        body: form.body,
      };
    },
    remix: (ch, upstreamId, prompt) => ({
      url: `${root(ch)}/${encodeURIComponent(upstreamId)}/remix`,
      method: "POST",
      headers: { ...auth(ch), "content-type": "application/json" },
      body: JSON.stringify({ prompt }),
    }),
    action: (job) =>
      job.files.length > 0 || !!job.fields.input_reference || !!job.json?.input_reference ? "generate" : "textGenerate",
    submittedId(answer) {
      const a = (answer ?? {}) as Record<string, unknown>;
      return str(a.id) || str(a.task_id);
    },
    poll: (ch, upstreamId) => get(ch, `${root(ch)}/${encodeURIComponent(upstreamId)}`),
    parsePoll: parseState,
    content: (ch, upstreamId, variant) =>
      get(
        ch,
        `${root(ch)}/${encodeURIComponent(upstreamId)}/content${variant ? `?variant=${encodeURIComponent(variant)}` : ""}`,
      ),
  };
}
