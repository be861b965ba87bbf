import "server-only";

// Veo on Vertex AI, as new-api's vertex task adaptor speaks it: POST {base}/v1/projects/{p}/locations/{r}
// /publishers/google/models/{m}:predictLongRunning (Veo's body, as on the Gemini API) and POST
// ...models/{m}:fetchPredictOperation {operationName} (project, region and model read back from the
// operation's name), each with "Bearer <token>" from the service-account key (adapter-token.ts) and
// x-goog-user-project. Region: the channel's `other` as for chat. The finished video comes back inline
// (base64 in the operation), kept as a data: URL like new-api. Billed like Veo on the Gemini API.
import type { VideoCall, VideoChannel, VideoVendor } from "@/relay/kernel/video";
import { relayError } from "@/relay/kernel/error-codes";
import { RelayError } from "@/relay/kernel/errors";
import { channelPrivateAllowed } from "@/lib/server/net/channel-address";
import { getOptions } from "@/lib/server/options/store";
import { veoOperationState, veoRequestBody, veoVideo } from "@/relay/vendors/gemini/adapter-video";
import { parseServiceAccount, vertexAccessToken } from "@/relay/vendors/vertex/adapter-token";
import { vertexRegion } from "@/relay/vendors/vertex/adapter";

const TOKEN_TIMEOUT_MS = 30_000;
const SEGMENT = "[A-Za-z0-9._@-]+";
/** projects/{p}/locations/{r}/publishers/google/models/{m}/operations/{id}: only these characters. */
const OPERATION = new RegExp(
  `^projects/(${SEGMENT})/locations/([a-z0-9-]+)/publishers/google/models/(${SEGMENT})/operations/(${SEGMENT})$`,
);

const str = (v: unknown): string => (typeof v === "string" ? v : "");
const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

function modelUrl(ch: VideoChannel, project: string, region: string, model: string, verb: string): string {
  const host =
    region === "global" ? "https://aiplatform.googleapis.com" : `https://${region}-aiplatform.googleapis.com`;
  const base = (ch.baseUrl || host).replace(/\/+$/, "");
  return `${base}/v1/projects/${project}/locations/${region}/publishers/google/models/${encodeURIComponent(model)}:${verb}`;
}

async function call(ch: VideoChannel, url: string, body: string): Promise<VideoCall> {
  const sa = parseServiceAccount(ch.key);
  const allowPrivate = channelPrivateAllowed(await getOptions());
  const token = await vertexAccessToken(sa, { signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS), allowPrivate }).catch(
    (err: unknown) => {
      // The channel's key or token endpoint failed, not the client: a gateway error, never a 500.
      if (err instanceof RelayError) throw err;
      throw relayError("task_upstream_unreachable", { reason: "token exchange failed" });
    },
  );
  return {
    url,
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "x-goog-user-project": sa.project_id ?? "",
      "content-type": "application/json",
      accept: "application/json",
    },
    body,
  };
}

/** The video of a done operation: videos[0] (or the response itself) as base64, as a data: URL. */
function inlineVideo(response: Record<string, unknown>): string {
  const videos = Array.isArray(response.videos) ? response.videos : [];
  const first = obj(videos[0]);
  const data = str(first.bytesBase64Encoded) || str(response.bytesBase64Encoded) || str(response.video);
  if (!data || !/^[A-Za-z0-9+/=\r\n]+$/.test(data)) return "";
  const enc = (str(first.mimeType) || str(first.encoding) || str(response.encoding) || "mp4").trim();
  const mime = enc.includes("/") ? enc : `video/${enc}`;
  return /^[\w.+-]+\/[\w.+-]+$/.test(mime) ? `data:${mime};base64,${data}` : "";
}

export const vertexVeoVideo: VideoVendor = {
  ratios: veoVideo.ratios,
  action: veoVideo.action,
  submit(ch, job) {
    const sa = parseServiceAccount(ch.key);
    if (!sa.project_id) throw relayError("channel_config_missing", { detail: "the service-account key's project_id" });
    const region = vertexRegion(ch.other, job.upstreamModel);
    return call(ch, modelUrl(ch, sa.project_id, region, job.upstreamModel, "predictLongRunning"), veoRequestBody(job));
  },
  remix: () => null,
  submittedId(answer) {
    const name = str(obj(answer).name);
    return OPERATION.test(name) ? name : "";
  },
  poll(ch, name) {
    const m = OPERATION.exec(name);
    if (!m) throw relayError("channel_config_missing", { detail: "a Vertex operation name" });
    const url = modelUrl(ch, m[1]!, m[2]!, m[3]!, "fetchPredictOperation");
    return call(ch, url, JSON.stringify({ operationName: name }));
  },
  parsePoll: (answer) => veoOperationState(answer, inlineVideo),
  content: (_ch, _id, variant, resultUrl) =>
    resultUrl.startsWith("data:") && (!variant || variant === "video")
      ? { url: resultUrl, method: "GET", headers: {} }
      : null,
};
