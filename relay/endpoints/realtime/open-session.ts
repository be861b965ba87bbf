import "server-only";

// A routed realtime session (relay/routing/realtime-route.ts) made real before the client's upgrade is
// accepted: the upstream socket opened (a refusal is then a plain HTTP answer to the client, and the
// hold goes back) and the biller that charges each response.
import type { IncomingMessage } from "node:http";
import type WebSocket from "ws";
import { refund } from "@/lib/server/ledger/ledger";
import { channelPrivateAllowed } from "@/lib/server/net/channel-address";
import { env } from "@/lib/env";
import type { RelayCaller } from "@/relay/kernel/context";
import { relayError } from "@/relay/kernel/error-codes";
import { RelayError } from "@/relay/kernel/errors";
import { forwardableProtocols, type RealtimeRoute } from "@/relay/kernel/realtime-wire";
import { connectRealtime, realtimeTarget } from "@/relay/upstream/realtime-connect";
import { realtimeBiller, type RealtimeBiller } from "@/relay/settle/realtime-charge";

export type RealtimeSession = { upstream: WebSocket; biller: RealtimeBiller; protocol: string | null; idleMs: number };

export async function openRealtimeSession(
  req: IncomingMessage,
  route: RealtimeRoute,
  caller: RelayCaller,
  meta: { requestId: string; ip: string; startedAt: number; protocols: string[] },
): Promise<RealtimeSession> {
  try {
    const wanted = forwardableProtocols(meta.protocols);
    const beta = req.headers["openai-beta"];
    const upstream = await connectRealtime(realtimeTarget(route.channel, route.key, route.upstreamModel), {
      protocols: wanted,
      beta: typeof beta === "string" ? beta : undefined,
      allowPrivate: channelPrivateAllowed(route.options),
      maxPayload: env().RELAY_MAX_BODY_MB * 1024 * 1024,
    });
    const biller = realtimeBiller(
      {
        caller,
        model: route.model,
        pricing: route.pricing,
        quotaPerUnit: route.quotaPerUnit,
        channelId: route.channel.id,
        requestId: meta.requestId,
        ip: meta.ip,
        startedAt: meta.startedAt,
        options: route.options,
      },
      route.hold,
      route.holdAmount,
    );
    // The client gets the subprotocol the upstream chose when it offered it, else its first offer:
    // a client that offers subprotocols (browsers: "realtime" + the key) refuses an answer with none.
    const protocol =
      upstream.protocol && wanted.includes(upstream.protocol) ? upstream.protocol : (meta.protocols[0] ?? null);
    return { upstream, biller, protocol, idleMs: env().STREAMING_TIMEOUT * 1000 };
  } catch (err) {
    await refund(route.hold);
    throw err instanceof RelayError ? err : relayError("internal");
  }
}
