import "server-only";

// Channel type 39: Cloudflare Workers AI through its OpenAI-compatible endpoints
// (developers.cloudflare.com/workers-ai/configuration/open-ai-compatibility):
// POST {base}/client/v4/accounts/{account_id}/ai/v1/chat/completions (and /embeddings) with
// "Authorization: Bearer {api_token}". The account ID comes from the channel's `other` field (as in
// new-api) or from a key written "AccountID|APIToken".
import type { ChannelTypeInfo } from "@/lib/channel-types";
import { relayError } from "@/relay/kernel/error-codes";
import { baseUrlOf, createOpenAICompatibleAdapter } from "@/relay/vendors/shared/openai-style/adapter";
import type { AdapterContext, ChannelAdapter } from "@/relay/kernel/adapter";

/** [accountId, apiToken] of a channel key (and its `other` field). */
export function cloudflareCredentials(key: string, other: string): [string, string] {
  const bar = key.indexOf("|");
  if (bar > 0) return [key.slice(0, bar).trim(), key.slice(bar + 1).trim()];
  return [other.trim(), key.trim()];
}

export function createCloudflareAdapter(v: ChannelTypeInfo): ChannelAdapter {
  const defaultBaseUrl = v.defaultBaseUrl ?? "https://api.cloudflare.com";
  const openai = createOpenAICompatibleAdapter({ name: v.name, defaultBaseUrl });
  return {
    ...openai,
    buildRequest(ctx: AdapterContext, body) {
      const [account, token] = cloudflareCredentials(ctx.key, ctx.channel.other ?? "");
      // A channel without an account ID can never succeed: fail this attempt without calling out.
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(account))
        throw relayError("channel_config_missing", {
          detail: "its Cloudflare account ID (field 'other', or key AccountID|APIToken)",
        });
      const req = openai.buildRequest({ ...ctx, key: token }, body);
      const base = baseUrlOf(ctx, defaultBaseUrl);
      return { ...req, url: `${base}/client/v4/accounts/${account}/ai${ctx.path}` };
    },
  };
}
