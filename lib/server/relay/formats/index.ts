// Registry of wire formats (see types.ts). Adding a dialect means a module and a line here.
import type { WireFormat } from "@/lib/server/relay/adapters/types";
import { claudeFormat } from "@/lib/server/relay/formats/claude";
import { geminiFormat } from "@/lib/server/relay/formats/gemini";
import { openaiFormat } from "@/lib/server/relay/formats/openai";
import type { ChatFormat } from "@/lib/server/relay/formats/types";

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
