// A GET to a channel's upstream for the console (model lists, balances). Admins may point channels at
// any host, loopback included, so there is no address filter here; what we guard is the answer: the
// key is never echoed back (upstreams put it in error texts and URLs), and upstream bodies are
// reduced to their error message, redacted and cut short.

export class UpstreamFailure extends Error {}

const TIMEOUT_MS = 20_000;

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
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { accept: "application/json", ...headers },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    const cause = (err as { cause?: { message?: string } }).cause?.message;
    throw new UpstreamFailure(redactSecrets(cause || (err as Error).message, secrets).slice(0, 200));
  }
  const body = await res.text();
  if (!res.ok) {
    const detail = redactSecrets(errorText(body), secrets).slice(0, 200);
    throw new UpstreamFailure(`HTTP ${res.status}${detail ? `: ${detail}` : ""}`);
  }
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new UpstreamFailure(`HTTP ${res.status}: not JSON`);
  }
}
