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

export const channelFieldsSchema = z.object({
  name: z.string().trim().max(100).default(""),
  type: z.number().int().min(0).max(1000).default(1),
  key: z.string().max(200_000).default(""),
  openai_organization: z.string().trim().max(200).default(""),
  max_input_tokens: z.number().int().min(0).default(0),
  base_url: z.string().trim().max(2000).default("").transform((v) => v.replace(/\/+$/, "")),
  other: z.string().max(10_000).default(""),
  model_mapping: jsonText("channel_json_model_mapping").default(""),
  status_code_mapping: jsonText("channel_json_status_code_mapping").default(""),
  models: z.string().max(200_000).default(""),
  auto_ban: z.number().int().min(0).max(1).default(1),
  test_model: z.string().trim().max(200).default(""),
  group: z.string().max(2000).default("default"),
  priority: z.number({ error: "channel_priority_integer" }).int("channel_priority_integer").min(-999).default(0),
  weight: z.number({ error: "channel_weight_invalid" }).int("channel_weight_invalid").min(0, "channel_weight_invalid").default(0),
  tag: z.string().trim().max(200).default(""),
  model_prefix: z.string().trim().max(200).default(""),
  setting: jsonText("channel_json_setting").default(""),
  param_override: jsonText("channel_json_param_override").default(""),
  header_override: jsonText("channel_json_header_override").default(""),
  system_prompt: z.string().max(100_000).default(""),
  status: z.number().int().min(1).max(3).default(1),
  expired_time: z.number().int().min(0).default(0),
  remark: z.string().max(2000).default(""),
});
export type ChannelFields = z.infer<typeof channelFieldsSchema>;

export const createChannelSchema = z.union([
  z.object({
    mode: z.enum(["single", "batch", "multi_to_single"]).default("single"),
    multi_key_mode: z.enum(["random", "polling"]).default("random"),
    channel: channelFieldsSchema,
  }),
  channelFieldsSchema.transform((channel) => ({ mode: "single" as const, multi_key_mode: "random" as const, channel })),
]);
export type CreateChannelInput = z.infer<typeof createChannelSchema>;

export const updateChannelSchema = channelFieldsSchema.partial().extend({ id: z.number().int().positive() });
export type UpdateChannelInput = z.infer<typeof updateChannelSchema>;

export const channelListQuerySchema = z.object({
  p: z.coerce.number().int().min(0).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
  id_sort: z.enum(["true", "false"]).default("false"),
  tag_mode: z.enum(["true", "false"]).default("false"),
});
