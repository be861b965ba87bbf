import "server-only";

// Anthropic Messages at the relay boundary: the fields inspectClaude and the Claude -> OpenAI
// conversion read, typed and bounded (unknown fields pass through untouched).
import { z } from "zod";
import { LIMITS } from "@/relay/kernel/wire-guard";

const str = z.string().nullish();
const obj = <T extends z.core.$ZodLooseShape>(shape: T) => z.looseObject(shape);

const textBlock = obj({ type: str, text: str });

const block = obj({
  type: z.string(),
  text: str,
  thinking: str,
  id: str,
  name: str,
  tool_use_id: str,
  input: z.unknown().optional(),
  content: z.union([z.string(), z.array(textBlock).max(LIMITS.parts)]).nullish(),
  source: obj({ type: str, data: str, media_type: str, url: str }).nullish(),
});

export const claudeMessagesSchema = obj({
  model: z.string(),
  messages: z
    .array(
      obj({
        role: z.enum(["user", "assistant", "system"]),
        content: z.union([z.string(), z.array(block).max(LIMITS.parts)]),
      }),
    )
    .max(LIMITS.messages),
  system: z.union([z.string(), z.array(textBlock).max(LIMITS.parts)]).nullish(),
  max_tokens: z.number().int().min(1).nullish(),
  stream: z.boolean().nullish(),
  temperature: z.number().nullish(),
  top_p: z.number().nullish(),
  top_k: z.number().nullish(),
  stop_sequences: z.array(z.string()).max(LIMITS.stops).nullish(),
  tools: z
    .array(obj({ name: str, type: str, description: str, input_schema: z.unknown().optional() }))
    .max(LIMITS.tools)
    .nullish(),
  tool_choice: obj({ type: z.string(), name: str }).nullish(),
  thinking: obj({ type: z.string(), budget_tokens: z.number().nullish() }).nullish(),
  metadata: obj({ user_id: str }).nullish(),
  output_config: obj({ effort: str, format: obj({ type: str, schema: z.unknown().optional() }).nullish() }).nullish(),
  output_format: obj({ type: str, schema: z.unknown().optional() }).nullish(),
});
