// Channel payloads (spec 2 §3 Channel). Models and groups are comma strings on the wire.
import { z } from "zod";

const jsonText = (message: string) =>
  z
    .string()
    .max(100_000)
    .refine((v) => {
      if (!v.trim()) return true;
      try {
        const parsed = JSON.parse(v);
        return parsed !== null && typeof parsed === "object";
      } catch {
        return false;
      }
    }, message);

// Field rules without defaults: updates must not reset fields the caller did not send.
const channelShape = {
  name: z.string().trim().max(100),
  type: z.number().int().min(0).max(1000),
  key: z.string().max(200_000),
  openai_organization: z.string().trim().max(200),
  max_input_tokens: z.number().int().min(0),
  base_url: z
    .string()
    .trim()
    .max(2000)
    .transform((v) => v.replace(/\/+$/, "")),
  other: z.string().max(10_000),
  model_mapping: jsonText("channel_json_model_mapping"),
  status_code_mapping: jsonText("channel_json_status_code_mapping"),
  models: z.string().max(200_000),
  auto_ban: z.number().int().min(0).max(1),
  test_model: z.string().trim().max(200),
  group: z.string().max(2000),
  priority: z.number({ error: "channel_priority_integer" }).int("channel_priority_integer").min(-999),
  weight: z.number({ error: "channel_weight_invalid" }).int("channel_weight_invalid").min(0, "channel_weight_invalid"),
  tag: z.string().trim().max(200),
  model_prefix: z.string().trim().max(200),
  setting: jsonText("channel_json_setting"),
  param_override: jsonText("channel_json_param_override"),
  header_override: jsonText("channel_json_header_override"),
  system_prompt: z.string().max(100_000),
  status: z.number().int().min(1).max(3),
  expired_time: z.number().int().min(0),
  remark: z.string().max(2000),
};

const CHANNEL_DEFAULTS = {
  name: "",
  type: 1,
  key: "",
  openai_organization: "",
  max_input_tokens: 0,
  base_url: "",
  other: "",
  model_mapping: "",
  status_code_mapping: "",
  models: "",
  auto_ban: 1,
  test_model: "",
  group: "default",
  priority: 0,
  weight: 0,
  tag: "",
  model_prefix: "",
  setting: "",
  param_override: "",
  header_override: "",
  system_prompt: "",
  status: 1,
  expired_time: 0,
  remark: "",
};

/** Create: missing fields take their defaults. */
export const channelFieldsSchema = z
  .object(channelShape)
  .partial()
  .transform(
    (v) =>
      ({
        ...CHANNEL_DEFAULTS,
        ...Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)),
      }) as z.output<z.ZodObject<typeof channelShape>>,
  );

export type ChannelFields = z.output<typeof channelFieldsSchema>;

export const createChannelSchema = z.union([
  z.object({
    mode: z.enum(["single", "batch", "multi_to_single"]).default("single"),
    multi_key_mode: z.enum(["random", "polling"]).default("random"),
    channel: channelFieldsSchema,
  }),
  channelFieldsSchema.transform((channel) => ({ mode: "single" as const, multi_key_mode: "random" as const, channel })),
]);
export type CreateChannelInput = z.infer<typeof createChannelSchema>;

export const updateChannelSchema = z.object(channelShape).partial().extend({ id: z.number().int().positive() });
export type UpdateChannelInput = z.infer<typeof updateChannelSchema>;

export const channelListQuerySchema = z.object({
  p: z.coerce.number().int().min(0).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
  id_sort: z.enum(["true", "false"]).default("false"),
  tag_mode: z.enum(["true", "false"]).default("false"),
});
