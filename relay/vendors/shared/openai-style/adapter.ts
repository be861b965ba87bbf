import "server-only";

// Shared base for OpenAI-style upstreams: URL = base + client path, Bearer key, optional organization,
// and a per-vendor list of body fields the vendor rejects.
import type { AdapterContext, ChannelAdapter, UpstreamRequest } from "@/relay/kernel/adapter";

export type OpenAICompatibleOptions = {
  name: string;
  defaultBaseUrl: string;
  supportsStreamUsage?: boolean;
  /** Body fields removed before sending (unsupported by the vendor). */
  excludeParams?: string[];
  /** Rewrites the client path (e.g. vendors without the /v1 prefix). */
  mapPath?: (path: string) => string;
};

export function baseUrlOf(ctx: AdapterContext, fallback: string): string {
  return (ctx.channel.baseUrl || fallback).replace(/\/+$/, "");
}

export function createOpenAICompatibleAdapter(opts: OpenAICompatibleOptions): ChannelAdapter {
  return {
    name: opts.name,
    defaultBaseUrl: opts.defaultBaseUrl,
    supportsStreamUsage: opts.supportsStreamUsage ?? true,
    buildRequest(ctx, body): UpstreamRequest {
      const headers: Record<string, string> = {
        "content-type": "application/json",
        authorization: `Bearer ${ctx.key}`,
        accept: ctx.stream ? "text/event-stream" : "application/json",
      };
      if (ctx.channel.organization) headers["openai-organization"] = ctx.channel.organization;
      const out = opts.excludeParams?.length ? { ...body } : body;
      for (const p of opts.excludeParams ?? []) delete out[p];
      const path = opts.mapPath ? opts.mapPath(ctx.path) : ctx.path;
      return { url: `${baseUrlOf(ctx, opts.defaultBaseUrl)}${path}`, headers, body: JSON.stringify(out) };
    },
  };
}
