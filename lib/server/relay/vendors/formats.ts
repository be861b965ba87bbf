// Registry of wire formats (see types.ts). Adding a dialect means a module and a line here.
import type { WireFormat } from "@/lib/server/relay/vendors/types";
import { claudeFormat } from "@/lib/server/relay/vendors/anthropic/format";
import { geminiFormat } from "@/lib/server/relay/vendors/gemini/format";
import { openaiFormat } from "@/lib/server/relay/vendors/openai/format";
import type { ChatFormat } from "@/lib/server/relay/vendors/format-types";

const formats = new Map<WireFormat, ChatFormat>([
  ["openai", openaiFormat],
  ["claude", claudeFormat],
  ["gemini", geminiFormat],
]);

export function formatFor(name: WireFormat): ChatFormat {
  const f = formats.get(name);
  if (!f) throw new Error(`relay: wire format ${name} is not registered`);
  return f;
}

export function registerFormat(format: ChatFormat): void {
  formats.set(format.name, format);
}
