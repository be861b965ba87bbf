import "server-only";

// Claude client on a Claude channel: every upstream event is forwarded verbatim (event name and
// data) and only tapped for usage (message_start + message_delta) and generated text.
import type { Usage } from "@/lib/server/ledger/pricing";
import { usageFromClaude } from "@/lib/server/relay/vendors/anthropic/response";
import type { NativeStreamTap } from "@/lib/server/relay/vendors/format-types";

export function claudeNativeStream(): NativeStreamTap {
  const usage: Record<string, number> = {};
  let text = "";
  const merge = (u: unknown) => {
    for (const [k, v] of Object.entries((u ?? {}) as Record<string, unknown>))
      if (typeof v === "number" && v > 0) usage[k] = v;
    const searches = (u as { server_tool_use?: { web_search_requests?: unknown } } | null)?.server_tool_use;
    if (typeof searches?.web_search_requests === "number") usage.web_search_requests = searches.web_search_requests;
  };
  return {
    push(event) {
      let name = event.event;
      try {
        const data = JSON.parse(event.data) as Record<string, unknown>;
        name ??= typeof data.type === "string" ? data.type : undefined;
        if (data.type === "message_start") merge((data.message as { usage?: unknown } | undefined)?.usage);
        else if (data.type === "message_delta") merge(data.usage);
        else if (data.type === "content_block_delta") {
          const d = (data.delta ?? {}) as Record<string, unknown>;
          text += String(d.text ?? d.thinking ?? d.partial_json ?? "");
        }
      } catch {
        // not JSON: forwarded untouched all the same
      }
      return [`${name ? `event: ${name}\n` : ""}data: ${event.data}\n\n`];
    },
    end: () => [],
    usage: (): Usage | null => usageFromClaude(usage),
    text: () => text,
  };
}
