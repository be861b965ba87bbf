import "server-only";

// Where a realtime session goes and the hold it starts with, in the relay's order (docs/
// architecture.md): the model and the token's limits, routes and price, a hold of one response on the
// ledger (none left: the session is refused before upgrading), then a channel of a type that speaks
// realtime (OpenAI-style or Azure) and its key. Refusals are RelayErrors the entry answers over HTTP.
import type { IncomingMessage } from "node:http";
import { getRouting } from "@/lib/server/cache/channel-cache";
import { refund } from "@/lib/server/ledger/ledger";
import { getPriceTable } from "@/lib/server/ledger/pricing";
import { wellFormed } from "@/lib/server/http/input-guard";
import { getOptions } from "@/lib/server/options/store";
import type { RelayCaller } from "@/relay/kernel/context";
import type { RealtimeRoute } from "@/relay/kernel/realtime-wire";
import { mapModel } from "@/relay/kernel/channel-transform";
import { invalidRequest, relayError } from "@/relay/kernel/error-codes";
import { reserveOrRefuse } from "@/relay/routing/reserve-quota";
import { resolveRoutes, selectChannel, selectKey } from "@/relay/routing/select-channel";

/** Channel types with a realtime endpoint: OpenAI (1) and Azure OpenAI (3). */
const REALTIME_TYPES = new Set([1, 3]);

export async function routeRealtime(req: IncomingMessage, url: URL, caller: RelayCaller): Promise<RealtimeRoute> {
  const model = url.searchParams.get("model") ?? "";
  if (!model) throw invalidRequest("Model name not specified: add ?model= to the realtime URL", "model_not_specified");
  if (!wellFormed(model) || model.length > 200) throw invalidRequest("The model name is not valid", "invalid_model");
  if (caller.token?.modelLimits && !caller.token.modelLimits.has(model))
    throw relayError("model_not_allowed", { model });

  const options = await getOptions();
  const table = await getPriceTable();
  const routing = await getRouting();
  const pinned = caller.channelPin !== null ? routing.byId.get(caller.channelPin) : undefined;
  if (caller.channelPin !== null && !pinned) throw relayError("channel_disabled");
  const { routes } = resolveRoutes({
    model,
    mappingText: options.get("ModelMapping"),
    table,
    group: caller.group,
    acceptUnset: !!caller.user.setting.accept_unset_model_ratio_model,
    candidatesFor: (m) =>
      (pinned ? [pinned] : (routing.abilities.get(caller.group)?.get(m) ?? [])).filter((c) =>
        REALTIME_TYPES.has(c.type),
      ),
  });
  const route = routes[0];
  if (!route) throw relayError("no_channel", { model, group: caller.group });

  // The hold of one response; refused when not even 1 quota is left.
  const holdAmount = Math.max(1, Number(options.get("PreConsumedQuota")) || 500);
  const tokenId = caller.token?.id ?? null;
  const hold = await reserveOrRefuse(caller.user, caller.token, tokenId, holdAmount, {
    min: 1,
    headers: req.headers,
  });
  const channel = selectChannel(route.candidates, 0, new Set());
  const picked = channel ? selectKey(channel) : null;
  if (!channel || !picked) {
    await refund(hold);
    throw channel ? relayError("channel_no_key") : relayError("no_channel", { model, group: caller.group });
  }
  return {
    model,
    upstreamModel: mapModel(route.model, channel.modelMapping),
    channel,
    key: picked.key,
    pricing: route.pricing,
    quotaPerUnit: table.quotaPerUnit,
    options,
    hold,
    holdAmount,
  };
}
