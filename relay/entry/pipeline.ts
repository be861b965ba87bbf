import "server-only";

// The relay pipeline shared by every endpoint (see endpoint.ts):
// read -> checks -> price -> reserve -> [pick channel -> endpoint.attempt] with retries -> settle.
import type { IncomingMessage, ServerResponse } from "node:http";
import { getOptions } from "@/lib/server/options/store";
import { adapterFor, formatFor } from "@/relay/vendors";
import type { AdapterContext } from "@/relay/kernel/adapter";
import { usableGroups } from "@/relay/auth/auth";
import { refund } from "@/lib/server/ledger/ledger";
import { getPriceTable, priceModel } from "@/lib/server/ledger/pricing";
import { capOutputTokens, planReservation, reserveOrRefuse } from "@/relay/routing/reserve-quota";
import { getRouting, type CachedChannel } from "@/lib/server/cache/channel-cache";
import { autoDisable, retryPolicy, shouldDisable, shouldRetry } from "@/relay/routing/channel-health";
import type { RelayCaller, RelayContext, RelayRequestBase } from "@/relay/kernel/context";
import { RelayError } from "@/relay/kernel/errors";
import { sendError } from "@/relay/kernel/http-io";
import type { RelayEndpoint } from "@/relay/kernel/endpoint";
import { applyRateLimits, findSensitiveWord, recordRateSuccess } from "@/relay/auth/protection";
import { wellFormed } from "@/lib/server/http/input-guard";
import { resolveRoutes, selectChannel, selectKey } from "@/relay/routing/select-channel";
import { settleRequest } from "@/relay/settle/settle";
import { mapModel } from "@/relay/kernel/channel-transform";
import { queueErrorLog } from "@/relay/settle/error-log";
import { withRequestId } from "@/lib/server/logger";
import { noteRelayModel, recordChannelError } from "@/lib/server/metrics/record";
import { invalidRequest, relayError } from "@/relay/kernel/error-codes";
import { inCallerLocale } from "@/relay/vendors/shared/convert-guard";

/**
 * The model name reaches the log rows and error texts the bookkeeping writer stores; PostgreSQL
 * refuses a NUL and the engine a lone surrogate, so such a name is refused here, unquoted (review 3, N5).
 */
export function refuseIllFormedModel(model: string): void {
  if (!wellFormed(model))
    throw invalidRequest("The model name must be well-formed text (no NUL or lone surrogate)", "invalid_model");
}

export async function runRelay(
  req: IncomingMessage,
  res: ServerResponse,
  request: Omit<RelayRequestBase, "caller">,
  endpoint: RelayEndpoint,
  url: URL,
  identify: () => Promise<RelayCaller>,
): Promise<void> {
  // The stages in the order a call walks them (docs/architecture.md): auth (who, how often), the
  // request read, the checks on it, routing (where, what it may cost, the reservation), the attempt,
  // settlement. A refused caller is answered by the handler, before any error log is written.
  const caller = await identify();
  const base: RelayRequestBase = { ...request, caller };
  let ctx: RelayContext | null = null;
  const rateScopes: RelayContext["rateScopes"] = [];
  try {
    const options = await getOptions();
    await applyRateLimits({ caller, headers: req.headers, rateScopes }, options);
    const read = await endpoint.read(req, url);
    const { body, facts } = read;
    const model = facts.model || endpoint.defaultModel;
    if (!model)
      throw invalidRequest("Model name not specified: set 'model' in the request body", "model_not_specified");
    refuseIllFormedModel(model);
    if (base.playground && typeof body.group === "string" && body.group) {
      // The playground's group selector: only a group the user may use.
      if (!usableGroups(caller.user, options).has(body.group)) {
        throw relayError("group_denied", { group: String(body.group) });
      }
      caller.group = body.group;
    }
    delete body.group;
    if (caller.token?.modelLimits && !caller.token.modelLimits.has(model)) {
      throw relayError("model_not_allowed", { model });
    }
    if (options.bool("CheckSensitiveEnabled") && options.bool("CheckSensitiveOnPromptEnabled")) {
      const exempt =
        options.bool("global.safe_check_exempt_enabled") &&
        caller.group === options.str("global.safe_check_exempt_group");
      const word = exempt ? null : await findSensitiveWord(facts.promptText, options.str("SensitiveWords"));
      if (word) throw relayError("sensitive_words", { word });
    }
    const table = await getPriceTable();
    const routing = await getRouting();
    const acceptUnset = !!caller.user.setting.accept_unset_model_ratio_model;
    const pinned = caller.channelPin !== null ? routing.byId.get(caller.channelPin) : undefined;
    if (caller.channelPin !== null && !pinned) throw relayError("channel_disabled");
    // A virtual model (option ModelMapping) routes to its actual models by priority; others have one route.
    const { routes, pricing } = resolveRoutes({
      model,
      mappingText: options.text("ModelMapping"),
      table,
      group: caller.group,
      acceptUnset,
      candidatesFor: (m) => (pinned ? [pinned] : (routing.abilities.get(caller.group)?.get(m) ?? [])),
    });
    if (routes.length) noteRelayModel(res, model);

    // One literal with every field in a fixed order (no spread of `base`): one hidden class for all
    // requests, and no property-by-property copy on the hot path.
    ctx = {
      requestId: base.requestId,
      startedAt: base.startedAt,
      path: base.path,
      ip: base.ip,
      caller: base.caller,
      playground: base.playground,
      format: endpoint.format,
      mode: endpoint.mode,
      headers: req.headers,
      body,
      raw: read.raw,
      model,
      stream: facts.stream,
      clientWantsUsage: facts.clientWantsUsage,
      table,
      pricing,
      promptTokens: facts.promptTokens,
      maxTokens: facts.maxTokens,
      otherRatio: read.otherRatio ?? 1,
      reservation: null,
      rateScopes,
      usedChannels: [],
    };

    if (!routes.length) {
      throw relayError("no_channel", { model, group: caller.group });
    }

    const tokenId = base.playground ? null : (caller.token?.id ?? null);
    // Enough for whichever actual model ends up serving (settle then charges the real price); the
    // output limit sent upstream never exceeds what the reservation pays for (routing/reserve-quota.ts).
    const plan = planReservation(
      routes.map((rt) => rt.pricing),
      ctx.promptTokens,
      ctx.maxTokens,
      table,
      ctx.otherRatio,
      ctx.mode,
      facts.choices,
    );
    ctx.reservation = await reserveOrRefuse(caller.user, caller.token, tokenId, plan.amount, {
      min: plan.min,
      outputTokens: plan.requested,
      headers: req.headers,
    });
    const cap = plan.capFor(ctx.reservation.amount);
    if (cap !== null) {
      capOutputTokens(ctx.body, ctx.format, ctx.mode, cap);
      ctx.maxTokens = cap;
    }

    const retry = retryPolicy(options, caller.channelPin !== null);
    const retryTimes = retry.times;
    // Each retry moves to the next actual model of a virtual model; on the last (or only) model it
    // steps down the channel priority tiers. Failed channels are remembered per model.
    const tried = routes.map(() => new Set<number>());
    let routeIdx = 0;
    let routeAttempt = 0;
    let lastError: RelayError | null = null;
    for (let attempt = 0; attempt <= retryTimes; attempt++) {
      let channel: CachedChannel | null = null;
      while (routeIdx < routes.length) {
        channel = selectChannel(routes[routeIdx]!.candidates, routeAttempt, tried[routeIdx]!);
        if (channel) break;
        routeIdx++;
        routeAttempt = 0;
      }
      if (!channel) break;
      const route = routes[routeIdx]!;
      ctx.pricing = route.pricing;
      ctx.usedChannels.push(channel.id);
      const adapter = adapterFor(channel.type);
      const picked = selectKey(channel);
      try {
        if (!adapter) throw relayError("channel_type_unsupported", { type: channel.type });
        if (!picked) throw relayError("channel_no_key");
        const upstreamModel = mapModel(route.model, channel.modelMapping);
        if (options.bool("redirect_billing_enabled") && upstreamModel !== route.model) {
          // Bill a channel's model redirect at the redirected model's price when it has one.
          ctx.pricing = priceModel(table, upstreamModel, caller.group, false) ?? route.pricing;
        }
        const actx: AdapterContext = {
          channel,
          key: picked.key,
          mode: ctx.mode,
          path: base.path,
          upstreamModel,
          stream: ctx.stream,
          clientHeaders: req.headers,
          options,
        };
        const passThrough = options.bool("global.pass_through_request_enabled");
        const outcome = await endpoint.attempt({ ctx, adapter, actx, res, options, passThrough });
        await settleRequest(ctx, outcome);
        recordRateSuccess(ctx.rateScopes);
        return;
      } catch (err) {
        if (!(err instanceof RelayError)) throw err;
        lastError = err;
        recordChannelError(channel.id, err);
        tried[routeIdx]!.add(channel.id);
        if (routeIdx < routes.length - 1) {
          routeIdx++;
          routeAttempt = 0;
        } else routeAttempt++;
        if (
          options.bool("AutomaticDisableChannelEnabled") &&
          channel.autoBan &&
          shouldDisable(err, options.str("AutomaticDisableStatusCodes"), options.str("AutomaticDisableKeywords"))
        ) {
          const reason = `${err.upstreamStatus ?? err.status}: ${err.message}`.slice(0, 500);
          void withRequestId(base.requestId, () => autoDisable(channel, picked?.index ?? 0, reason));
        }
        if (res.headersSent || !shouldRetry(err, retry.statusCodes)) break;
      }
    }
    throw lastError ?? relayError("no_channel", { model, group: caller.group });
  } catch (err) {
    const e = err instanceof RelayError ? inCallerLocale(err, req.headers) : relayError("relay_internal");
    if (ctx?.reservation && !ctx.reservation.settled) await refund(ctx.reservation).catch(() => undefined);
    queueErrorLog(ctx, base, e, err);
    sendError(res, e, base.requestId, formatFor(endpoint.format));
  }
}
