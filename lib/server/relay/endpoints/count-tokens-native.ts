import "server-only";

// /v1/messages/count_tokens on an Anthropic channel: the request goes to the channel's own
// /v1/messages/count_tokens (channel key, anthropic-version/beta headers, mapped model) and its
// answer is returned as is: Anthropic's count is exact where the local o200k count is an estimate.
// The channel is the one the relay would pick first for the model; nothing is reserved or billed
// (Anthropic does not charge for counting either). An upstream 404 (a proxy without the endpoint)
// or a first channel of another dialect means "count locally" (null).
import type { IncomingHttpHeaders } from "node:http";
import { env } from "@/lib/env";
import type { RelayCaller } from "@/lib/server/relay/auth/auth";
import { getRouting } from "@/lib/server/cache/channel-cache";
import { getPriceTable } from "@/lib/server/ledger/pricing";
import type { ReadonlyOptions } from "@/lib/server/options/store";
import { channelPrivateAllowed } from "@/lib/server/net/channel-address";
import { relayError } from "@/lib/server/relay/error-codes";
import { RelayError } from "@/lib/server/relay/errors";
import { resolveRoutes } from "@/lib/server/relay/routing/model-routes";
import { selectChannel, selectKey } from "@/lib/server/relay/routing/select-channel";
import { upstreamError } from "@/lib/server/relay/upstream/attempt";
import { upstreamJsonObject } from "@/lib/server/relay/upstream/json";
import { redactUpstreamText } from "@/lib/server/relay/upstream/redact";
import { sendUpstream } from "@/lib/server/relay/upstream/send";
import { mapModel } from "@/lib/server/relay/upstream/transform";
import { adapterFor } from "@/lib/server/relay/vendors";
import type { Json } from "@/lib/server/relay/vendors/format-types";
import type { AdapterContext } from "@/lib/server/relay/vendors/types";

const MESSAGES_PATH = "/v1/messages";

/** The first channel the relay would try for the model, when it speaks Anthropic Messages. */
async function anthropicTarget(
  model: string,
  caller: RelayCaller,
  headers: IncomingHttpHeaders,
  options: ReadonlyOptions,
): Promise<AdapterContext | null> {
  const routing = await getRouting();
  const pinned = caller.channelPin !== null ? routing.byId.get(caller.channelPin) : undefined;
  let routes;
  try {
    ({ routes } = resolveRoutes({
      model,
      mappingText: options.get("ModelMapping"),
      table: await getPriceTable(),
      group: caller.group,
      acceptUnset: !!caller.user.setting.accept_unset_model_ratio_model,
      candidatesFor: (m) => (pinned ? [pinned] : (routing.abilities.get(caller.group)?.get(m) ?? [])),
    }));
  } catch (err) {
    // An unpriced model is still counted (locally), as before any channel existed for it.
    if (err instanceof RelayError) return null;
    throw err;
  }
  const route = routes[0];
  const channel = route ? selectChannel(route.candidates, 0, new Set()) : null;
  const adapter = channel ? adapterFor(channel.type) : null;
  const picked = channel ? selectKey(channel) : null;
  if (!route || !channel || !adapter || !picked) return null;
  const upstreamModel = mapModel(route.model, channel.modelMapping);
  if ((adapter.formatOf?.(upstreamModel, channel) ?? adapter.format) !== "claude") return null;
  return {
    channel,
    key: picked.key,
    mode: "chat",
    path: `${MESSAGES_PATH}/count_tokens`,
    upstreamModel,
    stream: false,
    clientHeaders: headers,
    options,
  };
}

/** The channel's count_tokens answer (JSON text), or null to count locally. */
export async function countOnAnthropicChannel(
  body: Json,
  model: string,
  caller: RelayCaller,
  headers: IncomingHttpHeaders,
  options: ReadonlyOptions,
): Promise<string | null> {
  const actx = await anthropicTarget(model, caller, headers, options);
  if (!actx) return null;
  const adapter = adapterFor(actx.channel.type)!;
  const request = adapter.buildRequest(actx, { ...body, model: actx.upstreamModel });
  // Only the plain Messages transport has a count_tokens sibling (Bedrock/Vertex URLs differ).
  if (!request.url.endsWith(MESSAGES_PATH)) return null;
  request.url += "/count_tokens";
  // RELAY_TIMEOUT 0 means no limit (as for every relayed call).
  const timeoutMs = env().RELAY_TIMEOUT * 1000;
  const signal = timeoutMs > 0 ? AbortSignal.timeout(timeoutMs) : new AbortController().signal;
  let up;
  try {
    up = await sendUpstream(request, signal, timeoutMs, channelPrivateAllowed(options));
  } catch (err) {
    const reason = redactUpstreamText((err as Error).message, [], actx.channel.baseUrl);
    throw relayError("upstream_unreachable", { reason });
  }
  if (up.statusCode === 404) {
    await up.body.dump();
    return null;
  }
  if (up.statusCode < 200 || up.statusCode > 299)
    throw await upstreamError(up, actx, options.bool("global.hide_upstream_error_enabled"));
  const json = upstreamJsonObject(await up.body.text());
  return JSON.stringify(json);
}
