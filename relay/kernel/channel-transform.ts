import "server-only";

// Per-channel request changes: chained model mapping (a->b->c, cycles refused), param override
// (deep merge; null deletes a key), the channel system prompt, and status-code mapping of errors.
import { relayError } from "@/relay/kernel/error-codes";
import { ownValue } from "@/lib/own-keys";
import { markChannelSystemPrompt } from "@/relay/kernel/channel-system-prompt";

const FORBIDDEN_KEYS = new Set(["__proto__", "prototype", "constructor"]);

export function mapModel(model: string, mapping: Record<string, string> | null): string {
  if (!mapping) return model;
  let current = model;
  const seen = new Set<string>([current]);
  for (;;) {
    if (FORBIDDEN_KEYS.has(current) || !Object.hasOwn(mapping, current)) return current;
    const next = mapping[current];
    if (typeof next !== "string" || !next || next === current) return current;
    if (seen.has(next)) {
      throw relayError("model_mapping_cycle", { model: next });
    }
    seen.add(next);
    current = next;
  }
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === "object" && !Array.isArray(v);
}

export function applyParamOverride(
  body: Record<string, unknown>,
  override: Record<string, unknown> | null,
): Record<string, unknown> {
  if (!override) return body;
  const merge = (target: Record<string, unknown>, patch: Record<string, unknown>) => {
    for (const [k, v] of Object.entries(patch)) {
      if (FORBIDDEN_KEYS.has(k)) continue;
      if (v === null) delete target[k];
      else if (isPlainObject(v) && isPlainObject(target[k]))
        merge((target[k] = { ...(target[k] as Record<string, unknown>) }) as Record<string, unknown>, v);
      else target[k] = v;
    }
  };
  const out = { ...body };
  merge(out, override);
  return out;
}

/** Prepends the channel system prompt when the request has no system message. */
export function applySystemPrompt(body: Record<string, unknown>, systemPrompt: string): Record<string, unknown> {
  if (!systemPrompt || !Array.isArray(body.messages)) return body;
  const messages = body.messages as { role?: string }[];
  if (messages.some((m) => m?.role === "system" || m?.role === "developer")) return body;
  const added = { role: "system", content: systemPrompt };
  markChannelSystemPrompt(added);
  return { ...body, messages: [added, ...messages] };
}

/**
 * A zero max_tokens / max_completion_tokens means "no limit" (the playground sends 0 by default) and
 * is left out, as new-api's `omitempty` request struct does: upstreams refuse 0 as a limit.
 */
export function omitZeroTokenLimits(body: Record<string, unknown>): Record<string, unknown> {
  if (body.max_tokens !== 0 && body.max_completion_tokens !== 0) return body;
  const out = { ...body };
  if (out.max_tokens === 0) delete out.max_tokens;
  if (out.max_completion_tokens === 0) delete out.max_completion_tokens;
  return out;
}

export function mapStatus(status: number, mapping: Record<string, number> | null): number {
  if (!mapping || status === 200) return status;
  const mapped = ownValue(mapping, String(status));
  return mapped && Number.isInteger(mapped) && mapped >= 100 && mapped <= 599 && mapped !== 200 ? mapped : status;
}
