import "server-only";

// OpenAI wire formats at the relay boundary (chat, completions, embeddings, moderations, responses,
// images, audio, rerank): the fields the relay and its conversions read, typed and bounded.
import { z } from "zod";
import { LIMITS } from "@/relay/kernel/wire-guard";

const str = z.string().nullish();
const num = z.number().nullish();
const obj = <T extends z.core.$ZodLooseShape>(shape: T) => z.looseObject(shape);
const count = z.number().int().min(0).nullish();

const contentPart = obj({
  type: str,
  text: str,
  image_url: z.union([z.string(), obj({ url: z.string() })]).nullish(),
  file: obj({ file_data: str }).nullish(),
  input_audio: obj({ data: str, format: str }).nullish(),
});

const toolCall = obj({
  id: str,
  type: str,
  function: obj({ name: str, arguments: z.union([z.string(), z.record(z.string(), z.unknown())]).nullish() }).nullish(),
});

const message = obj({
  role: z.string(),
  content: z.union([z.string(), z.array(contentPart).max(LIMITS.parts)]).nullish(),
  name: str,
  tool_calls: z.array(toolCall).max(LIMITS.tools).nullish(),
  tool_call_id: str,
});

const tool = obj({
  type: str,
  function: obj({ name: z.string(), description: str, parameters: z.unknown().optional() }).nullish(),
});

const common = {
  model: str,
  stream: z.boolean().nullish(),
  stream_options: obj({ include_usage: z.boolean().nullish() }).nullish(),
  max_tokens: count,
  max_completion_tokens: count,
  temperature: num,
  top_p: num,
  top_k: num,
  n: z.number().int().min(0).max(128).nullish(),
  seed: num,
  stop: z.union([z.string(), z.array(z.string()).max(LIMITS.stops)]).nullish(),
  user: str,
};

export const chatSchema = obj({
  ...common,
  messages: z.array(message).max(LIMITS.messages),
  tools: z.array(tool).max(LIMITS.tools).nullish(),
  tool_choice: z.union([z.string(), obj({ function: obj({ name: z.string() }).nullish() })]).nullish(),
  response_format: obj({ type: z.string(), json_schema: obj({ schema: z.unknown().optional() }).nullish() }).nullish(),
  reasoning_effort: str,
  web_search_options: obj({ search_context_size: str }).nullish(),
  presence_penalty: num,
  frequency_penalty: num,
});

/** An OpenAI chat request as checked at the door (what the dialect translators read). */
export type OpenAIChat = z.infer<typeof chatSchema>;

/** A prompt/input: text, token ids, or a list of either. */
const textOrTokens = z.union([
  z.string(),
  z.array(z.union([z.string(), z.number(), z.array(z.number()).max(1_000_000)])).max(LIMITS.inputs),
]);

export const completionsSchema = obj({ ...common, prompt: textOrTokens });
export const embeddingsSchema = obj({
  model: str,
  input: textOrTokens,
  dimensions: z.number().int().min(1).nullish(),
  encoding_format: str,
  user: str,
});
export const moderationsSchema = obj({
  model: str,
  input: z.union([z.string(), z.array(z.unknown()).max(LIMITS.inputs)]),
});

const responsesItem = z.union([
  z.string(),
  obj({
    type: str,
    role: str,
    content: z.union([z.string(), z.array(obj({ type: str, text: str })).max(LIMITS.parts)]).nullish(),
    output: z.unknown().optional(),
    arguments: str,
  }),
]);

export const responsesSchema = obj({
  model: str,
  instructions: str,
  input: z.union([z.string(), z.array(responsesItem).max(LIMITS.messages)]).nullish(),
  stream: z.boolean().nullish(),
  max_output_tokens: count,
  tools: z
    .array(obj({ type: str }))
    .max(LIMITS.tools)
    .nullish(),
  previous_response_id: str,
});

export const imagesSchema = obj({
  model: str,
  prompt: z.string(),
  n: z.number().int().min(1).max(LIMITS.images).nullish(),
  size: str,
  quality: str,
  stream: z.boolean().nullish(),
});

export const speechSchema = obj({ model: str, input: z.string(), voice: z.unknown().optional(), response_format: str });

export const rerankSchema = obj({
  model: str,
  query: z.string(),
  documents: z.array(z.unknown()).max(LIMITS.inputs),
  top_n: count,
});
