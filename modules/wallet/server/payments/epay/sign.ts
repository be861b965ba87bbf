import "server-only";

// EPay (易支付) signatures. The signed text is every parameter except `sign` and `sign_type`, and
// except empty values, sorted by key (byte order), written `k=v` and joined by `&`; the merchant
// key is appended directly and the MD5 of the whole, in lower-case hex, is the signature. This is
// the scheme of the common EPay gateways and of new-api's go-epay client.
import { createHash, timingSafeEqual } from "node:crypto";

export type EpayParams = Record<string, string>;

/** The text that is hashed (without the key). */
export function epaySignContent(params: EpayParams): string {
  return Object.keys(params)
    .filter((k) => k !== "sign" && k !== "sign_type" && params[k] !== undefined && params[k] !== "")
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((k) => `${k}=${params[k]}`)
    .join("&");
}

export function epaySign(params: EpayParams, key: string): string {
  return createHash("md5")
    .update(epaySignContent(params) + key, "utf8")
    .digest("hex");
}

/** The params with `sign` and `sign_type` (MD5) set. */
export function signEpayParams(params: EpayParams, key: string): EpayParams {
  const rest = Object.fromEntries(Object.entries(params).filter(([k]) => k !== "sign" && k !== "sign_type"));
  return { ...rest, sign: epaySign(rest, key), sign_type: "MD5" };
}

/**
 * Whether `params.sign` is the signature of the params under `key`. An empty key never verifies
 * (an unconfigured gateway must not accept anything), and the comparison takes the same time
 * whatever the position of the first wrong character.
 */
export function verifyEpaySign(params: EpayParams, key: string): boolean {
  if (!key) return false;
  if (params.sign_type && params.sign_type.toUpperCase() !== "MD5") return false;
  const given = Buffer.from(String(params.sign ?? "").toLowerCase(), "utf8");
  const expected = Buffer.from(epaySign(params, key), "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
