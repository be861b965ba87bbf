import "server-only";

// The prompt beyond its text, for the reservation (review N9): token-id prompts, attached files and
// audio, and context the upstream holds for us. The reservation only needs the right order of
// magnitude: settle bills the upstream's own usage, and what the reservation did not cover is owed
// (the balance goes negative), so these estimates err on the large side without being absurd.
type Json = Record<string, unknown>;

/**
 * Responses `previous_response_id` / `prompt` (a stored template): the upstream adds a context we
 * cannot see. Held like an unlimited output (routing/reserve-quota.ts OUTPUT_BOUND); settle uses the real usage.
 */
export const STORED_CONTEXT_TOKENS = 32_768;

/**
 * Documents (PDF and other files): Anthropic bills a PDF page as its text (1,500-3,000 tokens) plus a
 * page image, and a text page takes ~3-5 KB inside a PDF: about one token per 3 decoded bytes, i.e.
 * one per 4 base64 characters.
 */
const DOCUMENT_BYTES_PER_TOKEN = 3;
/**
 * Audio: the dearest vendor rate is Gemini's 32 tokens per second (OpenAI ~10). Uncompressed WAV
 * (16 kHz 16-bit mono, 32 KB/s) is then ~1,000 bytes per token; compressed audio at 32 kbps (4 KB/s)
 * ~125 bytes per token.
 */
const WAV_BYTES_PER_TOKEN = 1_000;
const AUDIO_BYTES_PER_TOKEN = 125;

/** Token ids of a completions `prompt` / embeddings `input`: [1,2,3] or [[1,2],[3]] count by length. */
export function tokenIdCount(input: unknown): number {
  if (!Array.isArray(input)) return 0;
  let n = 0;
  for (const x of input) {
    if (typeof x === "number") n += 1;
    else if (Array.isArray(x)) n += x.length;
  }
  return n;
}

/** Decoded bytes of base64 data (a data: URL or bare base64), from its length alone. */
function base64Bytes(data: unknown): number {
  if (typeof data !== "string") return 0;
  const comma = data.startsWith("data:") ? data.indexOf(",") + 1 : 0;
  return Math.floor(((data.length - comma) * 3) / 4);
}

const obj = (v: unknown): Json | undefined => (v && typeof v === "object" ? (v as Json) : undefined);

/**
 * Tokens of one content part that carries a file or audio: OpenAI chat `file` and `input_audio`,
 * Responses `input_file` / `input_audio`, Claude `document` blocks. 0 for any other part.
 */
export function attachmentTokens(part: unknown): number {
  const p = obj(part);
  if (!p) return 0;
  let docBytes = 0;
  if (p.type === "file") docBytes = base64Bytes(obj(p.file)?.file_data);
  else if (p.type === "input_file") docBytes = base64Bytes(p.file_data);
  else if (p.type === "document") {
    const src = obj(p.source);
    docBytes = src?.type === "text" && typeof src.data === "string" ? src.data.length : base64Bytes(src?.data);
  } else if (p.type === "image_url") {
    // A Gemini client's inlineData arrives as a data: URL (gemini/request-to-openai.ts): audio and PDFs
    // are priced by size; images keep their flat count (tokenize.ts IMAGE_TOKENS).
    const url = obj(p.image_url)?.url;
    if (typeof url !== "string" || !url.startsWith("data:") || url.startsWith("data:image/")) return 0;
    if (url.startsWith("data:audio/"))
      return Math.ceil(
        base64Bytes(url) / (url.startsWith("data:audio/wav") ? WAV_BYTES_PER_TOKEN : AUDIO_BYTES_PER_TOKEN),
      );
    docBytes = base64Bytes(url);
  } else if (p.type === "input_audio") {
    const audio = obj(p.input_audio) ?? p;
    const wav = audio.format === "wav" || audio.format === "pcm16";
    return Math.ceil(base64Bytes(audio.data) / (wav ? WAV_BYTES_PER_TOKEN : AUDIO_BYTES_PER_TOKEN));
  }
  return Math.ceil(docBytes / DOCUMENT_BYTES_PER_TOKEN);
}

/** Attachment tokens of a message content (a string has none). */
export function contentAttachmentTokens(content: unknown): number {
  if (!Array.isArray(content)) return 0;
  let n = 0;
  for (const part of content) n += attachmentTokens(part);
  return n;
}

/**
 * Transcriptions: OpenAI bills audio input at ~10 tokens a second (gpt-4o-transcribe reports them);
 * at 128 kbps (16 KB/s, the usual rate of an uploaded mp3 or m4a) one token per ~1,600 bytes of the
 * upload. A lower bitrate is under-reserved: settle bills the usage and the rest is owed, not lost.
 */
const TRANSCRIPTION_BYTES_PER_TOKEN = 1_600;

/** Prompt tokens of an uploaded audio file (the multipart request's size bounds it). */
export function uploadAudioTokens(bytes: number): number {
  return Math.ceil(Math.max(0, bytes) / TRANSCRIPTION_BYTES_PER_TOKEN);
}

/**
 * Output tokens of one generated image (gpt-image-1, by OpenAI's table: quality x size). An unknown
 * or "auto" size or quality takes the largest of its row or column, so the reservation covers it.
 */
const IMAGE_OUTPUT_TOKENS: Record<string, Record<string, number>> = {
  low: { "1024x1024": 272, "1024x1536": 408, "1536x1024": 400 },
  medium: { "1024x1024": 1056, "1024x1536": 1584, "1536x1024": 1568 },
  high: { "1024x1024": 4160, "1024x1536": 6240, "1536x1024": 6208 },
};

export function imageOutputTokens(size: unknown, quality: unknown): number {
  const rows =
    typeof quality === "string" && Object.hasOwn(IMAGE_OUTPUT_TOKENS, quality)
      ? [IMAGE_OUTPUT_TOKENS[quality]!]
      : Object.values(IMAGE_OUTPUT_TOKENS);
  let max = 0;
  for (const row of rows) {
    const known = typeof size === "string" && Object.hasOwn(row, size);
    max = Math.max(max, ...(known ? [row[size as string]!] : Object.values(row)));
  }
  return max;
}
