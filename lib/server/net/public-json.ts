import "server-only";

// GET a JSON document from a public address root configured (release information, preset ratio
// files) through the outbound guard: public addresses only, no redirects, a timeout and a cap on
// the body. Any failure — refused address, network error, non-2xx, a cut or unparsable body —
// throws, so callers turn every failure into the one message they show.
import { safeFetch } from "@/lib/server/net/safe-fetch";

export class PublicFetchFailed extends Error {
  constructor(readonly reason: string) {
    super(`public fetch failed: ${reason}`);
    this.name = "PublicFetchFailed";
  }
}

export async function fetchPublicJson(
  url: string,
  opts: { maxBytes: number; timeoutMs: number; headers?: Record<string, string> },
): Promise<unknown> {
  let res;
  let timer: NodeJS.Timeout | undefined;
  // One deadline for the whole call: the name lookup and the request each have their own timeout,
  // which together could be twice as long (an air-gapped server waits on both).
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PublicFetchFailed("timeout")), opts.timeoutMs);
  });
  try {
    res = await Promise.race([
      safeFetch({
        url,
        method: "GET",
        headers: { accept: "application/json", "user-agent": "ai-gateway-console", ...opts.headers },
        maxBytes: opts.maxBytes,
        timeoutMs: opts.timeoutMs,
      }),
      deadline,
    ]);
  } catch (err) {
    if (err instanceof PublicFetchFailed) throw err;
    throw new PublicFetchFailed(err instanceof Error ? err.message : "network");
  } finally {
    clearTimeout(timer);
  }
  if (!res.ok) throw new PublicFetchFailed(`status ${res.status}`);
  if (res.truncated) throw new PublicFetchFailed("body too large");
  try {
    return JSON.parse(res.body) as unknown;
  } catch {
    throw new PublicFetchFailed("invalid json");
  }
}
