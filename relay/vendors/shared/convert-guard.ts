import "server-only";

// Refusals found while converting a request to another dialect (docs/formats.md, "Refused when
// converted"). A converter that meets what the target vendor's API would refuse (a content part of
// no known type, a null where a string or an array is required, an empty content) refuses it with a
// 400 naming the offending field, instead of dropping it or sending a stand-in: otherwise the model
// answers an empty message and the user pays for it. Native pass-through never comes here (the vendor
// refuses for itself). The message is made in English where the converter throws (converters know no
// locale) and again in the caller's language by the pipeline (inCallerLocale).
import type { Locale } from "@/lib/i18n/config";
import { localeOfNodeHeaders } from "@/lib/server/i18n/server-messages";
import { relayError } from "@/relay/kernel/error-codes";
import { RelayError } from "@/relay/kernel/errors";

/** Why a field cannot be converted. */
export type RefusalKind = "unknown_type" | "unsupported" | "wrong_type" | "empty";

type Params = { field: string; type?: string; expected?: string };

function make(kind: RefusalKind, p: Params, locale: Locale): RelayError {
  const params = { type: "", expected: "", ...p };
  switch (kind) {
    case "unknown_type":
      return relayError("convert_unknown_type", params, { locale });
    case "unsupported":
      return relayError("convert_unsupported", params, { locale });
    case "wrong_type":
      return relayError("convert_wrong_type", params, { locale });
    case "empty":
      return relayError("convert_empty", params, { locale });
  }
}

export class ConversionRefused extends RelayError {
  constructor(
    readonly kind: RefusalKind,
    readonly params: Params,
    locale: Locale = "en",
  ) {
    const e = make(kind, params, locale);
    super(e.status, e.message, { type: e.type, code: e.code });
    this.name = "ConversionRefused";
  }

  inLocale(locale: Locale): ConversionRefused {
    return locale === "en" ? this : new ConversionRefused(this.kind, this.params, locale);
  }
}

/** A relay error in the caller's language (only conversion refusals are made before it is known). */
export function inCallerLocale(
  err: RelayError,
  headers: Readonly<Record<string, string | string[] | undefined>>,
): RelayError {
  return err instanceof ConversionRefused ? err.inLocale(localeOfNodeHeaders(headers)) : err;
}

/** `field` holds a type (of part, block, item, role) that is neither known nor carried. */
export function refuseUnknown(field: string, type: unknown, expected: readonly string[]): never {
  throw new ConversionRefused("unknown_type", { field, type: shown(type), expected: expected.join(", ") });
}

/** `field` holds a known type that the target dialect cannot carry. */
export function refuseUnsupported(field: string, type: unknown, expected: readonly string[]): never {
  throw new ConversionRefused("unsupported", { field, type: shown(type), expected: expected.join(", ") });
}

/** `field` is missing, null or of the wrong JSON type; `expected` names the types it may have. */
export function refuseType(field: string, expected: string): never {
  throw new ConversionRefused("wrong_type", { field, expected });
}

export function refuseEmpty(field: string): never {
  throw new ConversionRefused("empty", { field });
}

/** A value as a refusal names it (short: it is echoed to the caller). */
function shown(v: unknown): string {
  if (typeof v !== "string") return v === null ? "null" : Array.isArray(v) ? "array" : typeof v;
  return v.length > 40 ? `${v.slice(0, 40)}…` : v;
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** A non-empty string at `field`, else a refusal. */
export function needText(v: unknown, field: string): string {
  if (typeof v !== "string") refuseType(field, "string");
  if (!v) refuseEmpty(field);
  return v;
}
