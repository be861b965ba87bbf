import "server-only";

// Label values for the Prometheus metrics. Every label has a bounded set of values, so the number
// of time series stays small whatever clients send: endpoint kinds are a fixed list, status codes
// collapse into classes, and model names are capped (past MAX_MODELS distinct names, new ones fold
// into "other").

/** Distinct model label values kept per process before new names fold into "other". */
export const MAX_MODELS = 500;
const MAX_MODEL_LENGTH = 100;

const EXACT_KINDS = new Map<string, string>([
  ["/v1/chat/completions", "chat_completions"],
  ["/pg/chat/completions", "playground"],
  ["/v1/completions", "completions"],
  ["/v1/embeddings", "embeddings"],
  ["/v1/moderations", "moderations"],
  ["/v1/responses", "responses"],
  ["/v1/responses/compact", "responses"],
  ["/v1/images/generations", "images"],
  ["/v1/images/edits", "images"],
  ["/v1/audio/speech", "audio"],
  ["/v1/audio/transcriptions", "audio"],
  ["/v1/audio/translations", "audio"],
  ["/v1/rerank", "rerank"],
  ["/v1/messages", "messages"],
  ["/v1/models", "models"],
  ["/v1beta/models", "models"],
  ["/v1beta/openai/models", "models"],
]);

/** The endpoint kind of a relay path (one of a fixed list; "other" for anything else). */
export function endpointKind(path: string): string {
  const exact = EXACT_KINDS.get(path);
  if (exact) return exact;
  if (path.startsWith("/v1/models/") || path.startsWith("/v1beta/models/"))
    return path.includes(":") ? "gemini" : "models";
  if (/^(?:\/(?:fast|turbo|relax))?\/mj\//.test(path)) return "midjourney";
  if (path.startsWith("/suno/")) return "suno";
  return "other";
}

/** "2xx" … "5xx"; anything outside 100–599 is "other". */
export function statusClass(status: number): string {
  return status >= 100 && status <= 599 ? `${Math.floor(status / 100)}xx` : "other";
}

/**
 * Caps the distinct model label values: the first MAX_MODELS names seen are kept as they are
 * (truncated to 100 characters), later new names become "other". Empty means "none" (the request
 * ended before a model was known).
 */
export class ModelFolder {
  private readonly seen = new Set<string>();
  constructor(private readonly max = MAX_MODELS) {}

  fold(model: string): string {
    if (!model) return "none";
    const name = model.length > MAX_MODEL_LENGTH ? model.slice(0, MAX_MODEL_LENGTH) : model;
    if (this.seen.has(name)) return name;
    if (this.seen.size >= this.max) return "other";
    this.seen.add(name);
    return name;
  }
}
