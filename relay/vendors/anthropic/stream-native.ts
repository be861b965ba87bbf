import "server-only";

// Claude client on a Claude channel: every upstream event is forwarded verbatim (event name and
// data) and only tapped for usage (message_start + message_delta) and generated text. The usage is
// complete only once message_delta (or message_stop) arrived: message_start reports 1 output token.
import type { Usage } from "@/lib/server/ledger/pricing";
import { mergeClaudeUsage, usageFromClaude } from "@/relay/vendors/anthropic/response";
import type { NativeStreamTap } from "@/relay/kernel/format";

export function claudeNativeStream(): NativeStreamTap {
  const usage: Record<string, number> = {};
  let final = false;
  let text = "";
  return {
    push(event) {
      let name = event.event;
      try {
        const data = JSON.parse(event.data) as Record<string, unknown>;
        name ??= typeof data.type === "string" ? data.type : undefined;
        if (data.type === "message_start")
          mergeClaudeUsage(usage, (data.message as { usage?: unknown } | undefined)?.usage);
        else if (data.type === "message_delta") {
          mergeClaudeUsage(usage, data.usage);
          final = true;
        } else if (data.type === "message_stop") final = true;
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
    final: () => final,
    text: () => text,
  };
}
