import "server-only";

// The contract of a video vendor (relay/vendors/<v>/adapter-video.ts), used by the video task relay
// (relay/tasks/video-*.ts): how a generation is submitted, polled and downloaded on one channel type.
// The task relay owns ids, billing, ownership and the client's wire; a vendor only speaks its API.

/** What a vendor needs of a channel (from the channel cache). */
export type VideoChannel = { baseUrl: string; key: string; other: string };

/** One upstream HTTP call, built by the vendor. */
export type VideoCall = {
  url: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: Buffer | string;
};

/** An uploaded reference file (the multipart form's input_reference), already size-checked. */
export type VideoFile = { field: string; filename: string; contentType: string; data: Buffer };

/** A generation request as the task relay read it from the client (JSON or multipart). */
export type VideoJob = {
  /** The model name the upstream receives (the channel's mapping applied). */
  upstreamModel: string;
  prompt: string;
  /** Clip length in seconds (0: the vendor's default). */
  seconds: number;
  /** width x height, or "" for the vendor's default. */
  size: string;
  /** The client's other text fields, passed on as they came. */
  fields: Record<string, string>;
  /** Uploaded files (multipart), passed on. */
  files: VideoFile[];
  /** The client's JSON body (JSON requests), passed on with the model replaced. */
  json: Record<string, unknown> | null;
};

/** The upstream's view of a task, checked field by field (the upstream is not trusted). */
export type VideoState = {
  status: "QUEUED" | "IN_PROGRESS" | "SUCCESS" | "FAILURE";
  /** 0-100 when the upstream says. */
  progress: number | null;
  reason: string;
  /** A direct result address the vendor hands out (kept server-side; clients download through us). */
  resultUrl: string;
  /** The upstream's usage tokens of a finished task, when it bills by them (Doubao Seedance). */
  totalTokens?: number;
};

export type VideoVendor = {
  /** Billing multipliers of a generation (new-api's OtherRatios: seconds, size); {} = per task. */
  ratios(job: Pick<VideoJob, "seconds" | "size" | "upstreamModel" | "json">): Record<string, number>;
  /** Calls may be built asynchronously (a vendor that first exchanges its key for a token: Vertex). */
  submit(ch: VideoChannel, job: VideoJob): VideoCall | Promise<VideoCall>;
  /** A remix of a finished task (the upstream's id), or null when the vendor has none. */
  remix(ch: VideoChannel, upstreamId: string, prompt: string): VideoCall | null | Promise<VideoCall | null>;
  /** The upstream task id in a submit's answer ("" when there is none). */
  submittedId(answer: unknown): string;
  /** The action a submit is recorded under (new-api's names: textGenerate, generate, firstTailGenerate, ...). */
  action(job: VideoJob): string;
  /** The status call of a task (`action`: the row's, as the submit chose it: text or image to video). */
  poll(ch: VideoChannel, upstreamId: string, action: string): VideoCall | Promise<VideoCall>;
  /** The state in a poll's answer, or null when the answer says nothing usable. */
  parsePoll(answer: unknown): VideoState | null;
  /**
   * The download of a finished task's content (`variant` for vendors that have several). A `data:` URL
   * is the content itself (Vertex answers the video inline, base64, in the operation).
   */
  content(
    ch: VideoChannel,
    upstreamId: string,
    variant: string,
    resultUrl: string,
  ): VideoCall | null | Promise<VideoCall | null>;
};
