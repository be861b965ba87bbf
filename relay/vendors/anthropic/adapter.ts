import "server-only";

// Anthropic Messages transport (name and default base URL from the vendor catalogue). POST {base}/v1/messages with x-api-key and anthropic-version
// (the client's, else 2023-06-01); the client's anthropic-beta values on the allow-list of adapter-betas.ts are
// forwarded; per-model extra headers
// come from claude.model_headers_settings (values of one header joined with commas).
import { baseUrlOf } from "@/relay/vendors/shared/openai-style/adapter";
import type { AdapterContext, ChannelAdapter, UpstreamRequest } from "@/relay/kernel/adapter";
import { modelHeaders } from "@/relay/vendors/anthropic/request-options";
import { allowedClientBetas } from "@/relay/vendors/anthropic/adapter-betas";

export const DEFAULT_ANTHROPIC_VERSION = "2023-06-01";

function clientHeader(ctx: AdapterContext, name: string): string | undefined {
  const v = ctx.clientHeaders?.[name];
  const s = Array.isArray(v) ? v.join(",") : v;
  return s?.trim() || undefined;
}

function betaList(...lists: (string | undefined)[]): string {
  const values = lists.flatMap((l) => (l ?? "").split(",")).map((v) => v.trim());
  return [...new Set(values.filter(Boolean))].join(",");
}

export const createAnthropicAdapter = (v: { name: string; defaultBaseUrl?: string }): ChannelAdapter => ({
  name: v.name,
  defaultBaseUrl: v.defaultBaseUrl ?? "",
  supportsStreamUsage: true,
  format: "claude",
  buildRequest(ctx, body): UpstreamRequest {
    const model = typeof body.model === "string" ? body.model : ctx.upstreamModel;
    const headers: Record<string, string> = {
      ...modelHeaders(ctx.options, model),
      "content-type": "application/json",
      "x-api-key": ctx.key,
      "anthropic-version": clientHeader(ctx, "anthropic-version") ?? DEFAULT_ANTHROPIC_VERSION,
      accept: ctx.stream ? "text/event-stream" : "application/json",
    };
    const beta = allowedClientBetas(ctx.clientHeaders?.["anthropic-beta"]).join(",");
    // The client's allowed betas (adapter-betas.ts; Claude Code sends several, some clients repeat the
    // header) reach Anthropic each once, the per-model ones first.
    if (beta) headers["anthropic-beta"] = betaList(headers["anthropic-beta"], beta);
    return { url: `${baseUrlOf(ctx, v.defaultBaseUrl ?? "")}/v1/messages`, headers, body: JSON.stringify(body) };
  },
});
