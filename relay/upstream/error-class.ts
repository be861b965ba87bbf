import "server-only";

// The vendor's own classification of an upstream error: the identifier fields its error body (or
// header) carries, lower-cased. Unlike the message, these are chosen by the vendor from a fixed set and
// never quote the request, so a client cannot steer them (an OpenAI 400 says "Invalid value: '<role>'"
// in its message, but its code stays "invalid_value"). Auto-disable decides on these (channel-health.ts).
//   OpenAI   {error:{type, code}}                     invalid_api_key, insufficient_quota, …
//   Anthropic {type:"error", error:{type}}            authentication_error, permission_error, billing_error
//   Gemini   {error:{code:<http>, status, details:[{reason}]}}  PERMISSION_DENIED, API_KEY_INVALID
//   Bedrock  header x-amzn-errortype                  UnrecognizedClientException:<url>
const MAX_FIELD = 100;

function identifier(v: unknown): string | undefined {
  if (typeof v !== "string") return undefined;
  const s = v.trim().toLowerCase();
  // An identifier is short and has no spaces; anything else may be prose (and prose may quote).
  return s && s.length <= MAX_FIELD && !/\s/.test(s) ? s : undefined;
}

/** The identifier fields of a parsed error body and the Bedrock error-type header, lower-cased. */
export function upstreamErrorClass(parsed: unknown, amznErrorType: string | undefined): string[] {
  const out: string[] = [];
  const add = (v: unknown) => {
    const id = identifier(v);
    if (id && !out.includes(id)) out.push(id);
  };
  if (amznErrorType) add(amznErrorType.split(":")[0]);
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return out;
  const body = parsed as Record<string, unknown>;
  if (typeof body.__type === "string") add(body.__type.split("#").pop());
  const e = body.error;
  if (e && typeof e === "object" && !Array.isArray(e)) {
    const err = e as Record<string, unknown>;
    add(err.type);
    add(err.code);
    add(err.status);
    if (Array.isArray(err.details))
      for (const d of err.details.slice(0, 10))
        if (d && typeof d === "object") add((d as Record<string, unknown>).reason);
  }
  return out;
}
