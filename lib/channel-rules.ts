// Channel form rules shared by the console form and the server, so both
// refuse the same input: base URL normalisation, single/multi-key detection, model mapping hygiene, and the
// priority/weight checks. Pure functions, no I/O.
import { channelTypeInfo } from "@/lib/channel-types";

/** Keys an object literal must never take from user JSON (prototype pollution). */
export const FORBIDDEN_MAPPING_KEYS = new Set(["__proto__", "prototype", "constructor"]);

/** Trailing slashes are removed from a base URL (and surrounding blanks). */
export function normalizeBaseUrl(url: string): string {
  return url.trim().replace(/\/+$/, "");
}

/** A base URL ending in /v1 is usually a mistake (the client path already starts with /v1): warn. */
export function baseUrlEndsWithV1(url: string): boolean {
  return /\/v1$/i.test(normalizeBaseUrl(url));
}

/** Whether a channel of this type can be saved: the relay has an adapter for it (issue 20: a type
 *  that would fail on every request is refused, not accepted and then failed). */
export function typeSupported(type: number): boolean {
  return channelTypeInfo(type)?.relayed === true;
}

/** Whether multi-key mode can be used for a type (not when its key is one JSON document). */
export function multiKeyAllowed(type: number): boolean {
  return !channelTypeInfo(type)?.singleKeyOnly;
}

/** Text holding commas or newlines switches the form to multi-key mode (never for type 41). */
export function detectMultiKey(text: string, type: number): boolean {
  return multiKeyAllowed(type) && /[,\n]/.test(text.trim());
}

/** The individual keys of a key text (split on newlines, and on commas unless the type forbids). */
export function splitKeyText(text: string, type: number): string[] {
  const separator = multiKeyAllowed(type) ? /[,\n]/ : /\n/;
  return text
    .split(separator)
    .map((k) => k.trim())
    .filter(Boolean);
}

/** Switching back to single-key mode joins the keys with commas. */
export function joinKeysForSingleMode(text: string, type: number): string {
  return splitKeyText(text, type).join(",");
}

/** A comma list (or array) as a clean list: trimmed, de-duplicated, no empties. */
export function toList(value: string | string[] | undefined | null): string[] {
  const parts = Array.isArray(value) ? value : (value ?? "").split(/[,\n]/);
  return [...new Set(parts.map((s) => String(s).trim()).filter(Boolean))];
}

/** Parses a JSON object text; null when it is empty or not a JSON object. */
export function parseJsonObject(text: string): Record<string, unknown> | null {
  if (!text.trim()) return null;
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * A model mapping text with the forbidden keys (__proto__, prototype, constructor) and non-string
 * targets dropped. Empty or invalid input gives "" (the caller validates JSON separately).
 */
export function sanitizeModelMapping(text: string): string {
  const parsed = parseJsonObject(text);
  if (!parsed) return text.trim() ? text : "";
  const clean: Record<string, string> = {};
  for (const [from, to] of Object.entries(parsed)) {
    if (FORBIDDEN_MAPPING_KEYS.has(from) || typeof to !== "string") continue;
    Object.defineProperty(clean, from, { value: to, enumerable: true, writable: true, configurable: true });
  }
  return Object.keys(clean).length ? JSON.stringify(clean, null, 2) : "";
}

/** A region in `other` (Vertex AI) starting with "{" is a per-model JSON map and must parse. */
export function isRegionValid(type: number, other: string): boolean {
  if (channelTypeInfo(type)?.form?.other !== "region" || !other.trim().startsWith("{")) return true;
  return parseJsonObject(other) !== null;
}

/** Some types default `other` (an API version) when it is left empty (iFlytek Spark: v2.1). */
export function defaultOtherFor(type: number, other: string): string {
  const fallback = channelTypeInfo(type)?.form?.defaultOther;
  return fallback && !other.trim() ? fallback : other;
}

export const PRIORITY_MIN = -999;

/** Response-time colour band: 0 untested, ≤1 s green, ≤3 s lime, ≤5 s yellow, else red. */
export function responseTimeTone(ms: number): "untested" | "success" | "lime" | "warning" | "danger" {
  if (!ms) return "untested";
  if (ms <= 1000) return "success";
  if (ms <= 3000) return "lime";
  if (ms <= 5000) return "warning";
  return "danger";
}

const AWS_REGION = /^[a-z]{2}(-[a-z0-9]+){1,4}$/;

/**
 * What a key of this type lacks for the relay to use it, checked before saving (form and API alike)
 * so the operator hears it at once instead of from a failed request: a Bedrock key needs a region
 * (its last part, else the setting's `region`, else the region field); a Vertex key is a
 * service-account JSON holding the project. Mirrors the adapters' parsing
 * (relay/vendors/{bedrock/credentials,vertex}); null = fine.
 */
export function keySetupError(
  type: number,
  key: string,
  other: string,
  setting = "",
): "region_required" | "vertex_key_invalid" | "hunyuan_api_key_required" | null {
  // new-api's Hunyuan keys are AppId|SecretId|SecretKey for Tencent's TC3-signed API; the relay speaks
  // Hunyuan's OpenAI-compatible endpoint, which takes an API key (Bearer): such a key could never work.
  if (type === 23 && key.split("|").length === 3) return "hunyuan_api_key_required";
  const setup = channelTypeInfo(type)?.form?.setup;
  if (setup === "bedrock") {
    const parts = key.split("|").map((p) => p.trim());
    const fromSetting = parseJsonObject(setting)?.region;
    const fallback = (typeof fromSetting === "string" && fromSetting.trim()) || other.trim();
    const region =
      parts.length >= 4
        ? parts[3]!
        : parts.length === 3
          ? parts[2]!
          : parts.length === 2 && AWS_REGION.test(parts[1]!)
            ? parts[1]!
            : fallback;
    return AWS_REGION.test(region) ? null : "region_required";
  }
  if (setup === "vertex") {
    const sa = parseJsonObject(key);
    const ok = !!sa && ["project_id", "client_email", "private_key"].every((k) => typeof sa[k] === "string" && sa[k]);
    return ok ? null : "vertex_key_invalid";
  }
  return null;
}
