import "server-only";

// Server-to-provider JSON calls: the OAuth flows (token exchange, user info, OIDC discovery), the
// WeChat server and Turnstile's siteverify. The endpoints are fixed (GitHub, LinuxDO, Cloudflare)
// or set by the root account (OIDC, WeChat server), never by the visitor, so the user-URL SSRF guard
// of lib/server/net does not apply (a self-hosted identity provider on a private network is a normal
// set-up). Still: short timeout, no redirects, a capped body.
import { readCapped } from "@/lib/server/http/read-capped";

const TIMEOUT_MS = 10_000;
const MAX_BODY_BYTES = 256 * 1024;

/** The provider could not be reached, answered a redirect, or sent more than we accept. */
export class ProviderUnreachable extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ProviderUnreachable";
  }
}

export type ProviderAnswer = { status: number; ok: boolean; json: Record<string, unknown> | null };

/** One request; the JSON object of the answer (null when the body is not a JSON object). */
export async function fetchProviderJson(
  url: string,
  init: {
    method?: "GET" | "POST";
    headers?: Record<string, string>;
    body?: string;
    timeoutMs?: number;
    maxBytes?: number;
  } = {},
): Promise<ProviderAnswer> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method ?? "GET",
      headers: { Accept: "application/json", "User-Agent": "relay-gateway", ...init.headers },
      body: init.body,
      redirect: "manual",
      signal: AbortSignal.timeout(init.timeoutMs ?? TIMEOUT_MS),
    });
  } catch (err) {
    throw new ProviderUnreachable((err as Error).message);
  }
  if (res.status >= 300 && res.status < 400) throw new ProviderUnreachable(`redirect ${res.status}`);
  const text = await readCapped(res.body, init.maxBytes ?? MAX_BODY_BYTES).catch((err: Error) => {
    throw new ProviderUnreachable(err.message);
  });
  if (text === null) throw new ProviderUnreachable("response too large");
  let json: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) json = parsed as Record<string, unknown>;
  } catch {
    // not JSON: the caller reports the provider's failure
  }
  return { status: res.status, ok: res.ok, json };
}

/** application/x-www-form-urlencoded body. */
export function formBody(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

export const FORM_HEADERS = { "Content-Type": "application/x-www-form-urlencoded" } as const;

/** A string field of a provider answer ("" when absent); numbers are accepted for ids. */
export function field(json: Record<string, unknown> | null, key: string): string {
  const v = json?.[key];
  if (typeof v === "string") return v;
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  return "";
}
