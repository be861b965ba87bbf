import "server-only";

// POST /v1/audio/speech (JSON in, audio bytes out, streamed through as they arrive) and
// /v1/audio/transcriptions, /v1/audio/translations (multipart in, JSON or text out).
// Billing (ratio mode): speech = the input's characters as prompt tokens; transcriptions = the
// upstream's usage when reported (gpt-4o-transcribe: input/output tokens), else the returned text's
// tokens as completion + the prompt field's tokens. ModelPrice mode: the price per call.
import type { AttemptInput, RelayEndpoint } from "@/relay/kernel/endpoint";
import { usageFromResponses } from "@/relay/endpoints/responses";
import {
  answerAsReceived,
  countedUsage,
  jsonRequest,
  multipartRequest,
  open,
  parseJson,
  promptFacts,
  readAnswer,
  readMultipart,
} from "@/relay/endpoints/shared";
import { pipeBytes, relayForwarded, type EventTap } from "@/relay/upstream/attempt-stream";
import { invalidRequest } from "@/relay/kernel/error-codes";
import type { Json } from "@/relay/kernel/format";
import type { Outcome } from "@/relay/kernel/outcome";
import { readJsonBody } from "@/relay/kernel/read-request";
import { checkWire } from "@/relay/kernel/wire-guard";
import { speechSchema } from "@/relay/vendors/shared/openai-style/wire";
import { estimateText, exactTextTokens } from "@/relay/kernel/tokenize";
import { uploadAudioTokens } from "@/relay/kernel/prompt-extras";

const chars = (s: string) => [...s].length;

async function attemptSpeech(a: AttemptInput): Promise<Outcome> {
  const { ctx, actx, res } = a;
  const request = jsonRequest(a);
  const { up, abort } = await open(a, { ...request, headers: { ...request.headers, accept: "*/*" } });
  const r = await pipeBytes(up, res, abort, ctx.requestId);
  return {
    channel: actx.channel,
    upstreamModel: actx.upstreamModel,
    usage: countedUsage(chars(String(ctx.body.input ?? ""))),
    estimated: true,
    firstResponseMs: r.firstByteAt - ctx.startedAt,
    streamStatus: { status: r.clientGone ? "error" : "ok", end_reason: r.clientGone ? "client_gone" : "eof" },
  };
}

export const speechEndpoint: RelayEndpoint = {
  format: "openai",
  mode: "speech",
  defaultModel: "tts-1",
  async read(req) {
    const body = await readJsonBody(req);
    if (typeof body.input !== "string" || !body.input) throw invalidRequest("'input' is required", "invalid_input");
    checkWire(speechSchema, body);
    return { body, facts: promptFacts(body.model, body.input, { promptTokens: chars(body.input) }) };
  },
  attempt: attemptSpeech,
};

/** Text of a transcription answer (JSON {text}, verbose JSON, or plain text / srt / vtt). */
function answerText(text: string, json: Json | null): string {
  if (!json) return text;
  return typeof json.text === "string" ? json.text : "";
}

/** Streamed transcripts (gpt-4o-transcribe): text deltas, then the done event with the usage. */
const transcriptTap: EventTap = (_type, data) => {
  const j = parseJson(data);
  if (j?.type === "transcript.text.delta" && typeof j.delta === "string") return { text: j.delta };
  if (j?.type === "transcript.text.done") return { usage: usageFromResponses(j.usage) };
};

async function attemptTranscription(a: AttemptInput): Promise<Outcome> {
  const { ctx } = a;
  const { up, abort } = await open(a, await multipartRequest(a));
  const prompt = typeof ctx.body.prompt === "string" ? ctx.body.prompt : "";
  if (ctx.stream) return relayForwarded(a, up, abort, transcriptTap, () => exactTextTokens(prompt));
  const answer = await readAnswer(up, a);
  const firstResponseMs = Date.now() - ctx.startedAt;
  const json = /json/i.test(answer.contentType) ? parseJson(answer.text) : null;
  return answerAsReceived(a, answer, firstResponseMs, usageFromResponses(json?.usage), async () =>
    countedUsage(await exactTextTokens(prompt), await exactTextTokens(answerText(answer.text, json))),
  );
}

function transcriptionEndpoint(mode: "transcriptions" | "translations"): RelayEndpoint {
  return {
    format: "openai",
    mode,
    defaultModel: "whisper-1",
    async read(req) {
      const m = await readMultipart(req);
      if (!m.form.has("file")) throw invalidRequest("'file' is required", "invalid_file");
      const prompt = typeof m.fields.prompt === "string" ? m.fields.prompt : "";
      return {
        body: m.fields,
        raw: m.raw,
        // The reservation prices the uploaded audio by its size (review N9); settle bills the usage.
        facts: promptFacts(m.fields.model, prompt, {
          stream: m.fields.stream === "true",
          promptTokens: estimateText(prompt) + uploadAudioTokens(m.raw.length),
        }),
      };
    },
    attempt: attemptTranscription,
  };
}

export const transcriptionsEndpoint = transcriptionEndpoint("transcriptions");
export const translationsEndpoint = transcriptionEndpoint("translations");
