import "server-only";

// The upstream half of a realtime session: a WebSocket to the channel, opened before the client's
// upgrade is accepted (a channel that refuses is then a plain 502 to the client). OpenAI:
// {base as ws(s)}/v1/realtime?model=..., Bearer key; Azure: {base}/openai/realtime?api-version=...
// &deployment=..., api-key header and no Bearer (new-api's realtime URLs: the API version and the
// deployment name as Azure's HTTP endpoints have them, relay/vendors/azure/adapter.ts). Channel
// address rules apply (private addresses only when root allows them), redirects are never followed,
// frames are size-limited.
import WebSocket from "ws";
import { assertChannelTarget, channelLookup } from "@/lib/server/net/channel-address";
import type { CachedChannel } from "@/lib/server/cache/channel-cache";
import { relayError } from "@/relay/kernel/error-codes";
import type { RelayError } from "@/relay/kernel/errors";
import { azureApiVersion, azureDeployment } from "@/relay/vendors/azure/adapter";

const AZURE_TYPE = 3;
const HANDSHAKE_MS = 15_000;

export type RealtimeTarget = { url: string; headers: Record<string, string> };

/** The upstream URL and auth headers for a channel (OpenAI-style or Azure). */
export function realtimeTarget(channel: CachedChannel, key: string, upstreamModel: string): RealtimeTarget {
  const base = (channel.baseUrl || "https://api.openai.com").replace(/\/+$/, "").replace(/^http/i, "ws");
  if (channel.type === AZURE_TYPE) {
    const q = new URLSearchParams({
      "api-version": azureApiVersion(channel),
      deployment: azureDeployment(channel, upstreamModel),
    });
    return { url: `${base}/openai/realtime?${q}`, headers: { "api-key": key } };
  }
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  if (channel.organization) headers["openai-organization"] = channel.organization;
  return { url: `${base}/v1/realtime?${new URLSearchParams({ model: upstreamModel })}`, headers };
}

/**
 * Opens the upstream socket; resolves once it is open, or rejects with the RelayError the client is
 * answered with (the upstream's HTTP status when it refused the handshake).
 */
export function connectRealtime(
  target: RealtimeTarget,
  opts: { protocols: string[]; beta?: string; allowPrivate: boolean; maxPayload: number },
): Promise<WebSocket> {
  try {
    assertChannelTarget(target.url.replace(/^ws/i, "http"), opts.allowPrivate);
  } catch {
    return Promise.reject(relayError("upstream_unreachable", { reason: "address not allowed" }));
  }
  const headers = { ...target.headers, ...(opts.beta ? { "openai-beta": opts.beta } : {}) };
  const socket = new WebSocket(target.url, opts.protocols, {
    headers,
    maxPayload: opts.maxPayload,
    handshakeTimeout: HANDSHAKE_MS,
    followRedirects: false,
    perMessageDeflate: false,
    lookup: channelLookup(opts.allowPrivate),
  });
  return new Promise((resolve, reject) => {
    const fail = (err: RelayError) => {
      socket.removeAllListeners();
      socket.on("error", () => undefined);
      socket.terminate();
      reject(err);
    };
    socket.once("open", () => {
      socket.removeAllListeners();
      // Nothing is read until the pump listens (relay/streaming/realtime-pump.ts resumes it): the
      // upstream's first events (session.created) arrive while the client's upgrade is still being
      // accepted, and an event emitted with no listener would be lost.
      socket.pause();
      resolve(socket);
    });
    socket.once("unexpected-response", (_req, res) => {
      res.resume();
      const status = res.statusCode ?? 502;
      fail(
        relayError(
          "upstream_status",
          { detail: `upstream refused the realtime session (HTTP ${status})` },
          { upstreamStatus: status },
        ),
      );
    });
    socket.once("error", (err) => fail(relayError("upstream_unreachable", { reason: err.message.slice(0, 200) })));
  });
}
