import "server-only";

// Reading Claude content blocks (shared by the request and response conversions).
import type { Json } from "@/relay/kernel/format";

export type Block = Json & { type?: string };

/** The joined `field` of every block of `type` (text blocks' text, thinking blocks' thinking). */
export function joinBlocks(blocks: Block[], type: string, field = type): string {
  return blocks
    .filter((b) => b.type === type)
    .map((b) => String(b[field] ?? ""))
    .join("");
}

/** tool_use blocks as OpenAI tool_calls. */
export function toolUsesToCalls(blocks: Block[]): Json[] {
  return blocks
    .filter((b) => b.type === "tool_use")
    .map((b) => ({
      id: String(b.id ?? ""),
      type: "function",
      function: { name: String(b.name ?? ""), arguments: JSON.stringify(b.input ?? {}) },
    }));
}
