import "server-only";

// Token counting on a channel of the client's own dialect, like new-api: /v1/messages/count_tokens
// on an Anthropic channel goes to the channel's /v1/messages/count_tokens (anthropic-version/beta
// headers), Gemini's :countTokens on a Gemini channel to the channel's {version}/models/{m}:countTokens;
// channel key and mapped model either way, the answer returned as is: the vendor's count is exact
// where the local o200k count is an estimate. The channel is the one the relay would pick first for
// the model; nothing is reserved or billed (neither vendor charges for counting). An upstream 404 (a
// proxy without the endpoint, an unknown model), a first channel of another dialect, or a transport
// whose URL has no counting sibling (Bedrock, Vertex) means "count locally" (null).
import type { IncomingHttpHeaders } from "node:http";
import { env } from "@/lib/env";
import type { RelayCaller } from "@/relay/kernel/context";
import { getRouting } from "@/lib/server/cache/channel-cache";
import { getPriceTable } from "@/lib/server/ledger/pricing";
import type { ReadonlyOptions } from "@/lib/server/options/store";
import { channelPrivateAllowed } from "@/lib/server/net/channel-address";
import { relayError } from "@/relay/kernel/error-codes";
import { RelayError } from "@/relay/kernel/errors";
import { resolveRoutes, selectChannel, selectKey } from "@/relay/routing/select-channel";
import { upstreamError } from "@/relay/upstream/upstream-error";
import { upstreamJsonObject, upstreamText } from "@/relay/kernel/json";
import { redactUpstreamText } from "@/relay/kernel/redact";
import { sendUpstream, UpstreamAbort } from "@/relay/upstream/send";
import { mapModel } from "@/relay/kernel/channel-transform";
import { adapterFor } from "@/relay/vendors";
import type { Json } from "@/relay/kernel/format";
import { geminiUpstreamModel } from "@/relay/vendors/gemini/request-settings";
import type { AdapterContext, WireFormat } from "@/relay/kernel/adapter";

type CountDialect = {
  /** The client path the adapter is told about. */
  path: string;
  /** The channel's counting URL from its generation URL, or null when it has none. */
  countUrl: (url: string) => string | null;
  /** The client body with the channel's model. */
  body: (body: Json, actx: AdapterContext) => Json;
};

const MESSAGES_PATH = "/v1/messages";
// Only the plain Gemini API (not Vertex: its URL has /publishers/ and another auth).
const GEMINI_GENERATE = /\/v1(?:beta|alpha)?\/models\/[^/]+:generateContent$/;

const DIALECTS: Partial<Record<WireFormat, CountDialect>> = {
  claude: {
    path: `${MESSAGES_PATH}/count_tokens`,
    countUrl: (url) => (url.endsWith(MESSAGES_PATH) ? `${url}/count_tokens` : null),
    body: (body, actx) => ({ ...body, model: actx.upstreamModel }),
  },
  gemini: {
    path: "/v1beta/models/:countTokens",
    countUrl: (url) => (GEMINI_GENERATE.test(url) ? url.replace(/:generateContent$/, ":countTokens") : null),
    // The model is in the URL; a wrapped generateContentRequest names it too (Gemini requires it).
    body: (body, actx) => {
      const wrapped = body.generateContentRequest;
      if (!wrapped || typeof wrapped !== "object" || Array.isArray(wrapped)) return body;
      const model = `models/${geminiUpstreamModel(actx.options, actx.upstreamModel)}`;
      return { ...body, generateContentRequest: { ...wrapped, model } };
    },
  },
};

/** The first channel the relay would try for the model, when it speaks `dialect`. */
async function channelTarget(
  dialect: WireFormat,
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
      mappingText: options.text("ModelMapping"),
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
  if ((adapter.formatOf?.(upstreamModel, channel) ?? adapter.format ?? "openai") !== dialect) return null;
  return {
    channel,
    key: picked.key,
    mode: "chat",
    path: DIALECTS[dialect]!.path,
    upstreamModel,
    stream: false,
    clientHeaders: headers,
    options,
  };
}

/** The channel's count answer (JSON text) for a client of `dialect` (claude or gemini), or null to
 *  count locally. */
export async function countOnChannel(
  dialect: "claude" | "gemini",
  body: Json,
  model: string,
  caller: RelayCaller,
  headers: IncomingHttpHeaders,
  options: ReadonlyOptions,
): Promise<string | null> {
  const d = DIALECTS[dialect]!;
  const actx = await channelTarget(dialect, model, caller, headers, options);
  if (!actx) return null;
  const adapter = adapterFor(actx.channel.type)!;
  const request = adapter.buildRequest(actx, d.body(body, actx));
  const url = request.finalize ? null : d.countUrl(request.url);
  if (!url) return null;
  request.url = url;
  // RELAY_TIMEOUT 0 means no limit (as for every relayed call).
  const timeoutMs = env().RELAY_TIMEOUT * 1000;
  const abort = timeoutMs > 0 ? UpstreamAbort.following(AbortSignal.timeout(timeoutMs)) : new UpstreamAbort();
  let up;
  try {
    up = await sendUpstream(request, abort, timeoutMs, channelPrivateAllowed(options));
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
  const json = upstreamJsonObject(await upstreamText(up, actx.channel.baseUrl));
  return JSON.stringify(json);
}
