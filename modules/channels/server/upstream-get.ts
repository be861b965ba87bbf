import "server-only";

// A GET to a channel's upstream for the console (model lists, balances). The address follows the
// channel rule (net/channel-address.ts: private addresses only while ChannelPrivateAddressEnabled),
// and a redirect is a failure, never followed: the request carries the key. The answer is guarded
// too: the key is never echoed back (upstreams put it in error texts and URLs), and upstream bodies
// are reduced to their error message, redacted and cut short.
import { request } from "undici";
import {
  assertChannelTarget,
  channelAgent,
  ChannelAddressRefused,
  channelPrivateAllowed,
} from "@/lib/server/net/channel-address";
import { getOptions } from "@/lib/server/options/store";
import { discardBody } from "@/lib/server/net/discard-body";

/**
 * A failed upstream GET. `message` may carry the upstream's (redacted) error text, for the admin's
 * balance view; `category` never does: "HTTP <status>", "unreachable", "private_address",
 * "redirect", "too_large" or "not_json", for answers that must not reflect what an address said.
 */
export class UpstreamFailure extends Error {
  constructor(
    message: string,
    readonly category: string,
  ) {
    super(message);
  }
}

// A console click waits on it: an unreachable or silent upstream is reported (400) within seconds.
const TIMEOUT_MS = 5_000;
const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** Replaces every occurrence of the secrets (and any bearer token) in a text. */
export function redactSecrets(text: string, secrets: string[]): string {
  let out = text;
  for (const s of secrets) if (s.length >= 4) out = out.split(s).join("***");
  return out.replace(/(bearer\s+)[^\s"',]+/gi, "$1***");
}

function errorText(body: string): string {
  try {
    const json = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    const m = typeof json.error === "string" ? json.error : (json.error?.message ?? json.message);
    return typeof m === "string" ? m : "";
  } catch {
    return "";
  }
}

export async function upstreamGetJson(
  url: string,
  headers: Record<string, string>,
  secrets: string[],
): Promise<unknown> {
  const allowPrivate = channelPrivateAllowed(await getOptions());
  let status: number;
  let body = "";
  try {
    assertChannelTarget(url, allowPrivate);
    const res = await request(url, {
      method: "GET",
      headers: { accept: "application/json", ...headers },
      dispatcher: channelAgent(allowPrivate),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    status = res.statusCode;
    if (status >= 300 && status < 400) {
      discardBody(res.body);
      throw new UpstreamFailure(`HTTP ${status}: redirects are not followed`, "redirect");
    }
    for await (const chunk of res.body as AsyncIterable<Buffer>) {
      body += chunk.toString("utf8");
      if (body.length > MAX_BODY_BYTES) {
        discardBody(res.body);
        throw new UpstreamFailure(`HTTP ${status}: answer too large`, "too_large");
      }
    }
  } catch (err) {
    if (err instanceof UpstreamFailure) throw err;
    const cause = (err as { cause?: Error }).cause;
    const refused = err instanceof ChannelAddressRefused || cause instanceof ChannelAddressRefused;
    const text = redactSecrets(cause?.message || (err as Error).message, secrets).slice(0, 200);
    throw new UpstreamFailure(text, refused ? "private_address" : "unreachable");
  }
  if (status < 200 || status > 299) {
    const detail = redactSecrets(errorText(body), secrets).slice(0, 200);
    throw new UpstreamFailure(`HTTP ${status}${detail ? `: ${detail}` : ""}`, `HTTP ${status}`);
  }
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new UpstreamFailure(`HTTP ${status}: not JSON`, "not_json");
  }
}
