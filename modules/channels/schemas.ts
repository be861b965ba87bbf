// Channel payloads. Models and groups are comma strings on the wire.
import { CHANNEL_STATUS } from "@/lib/constants";
import { z } from "zod";
import {
  isRegionValid,
  keySetupError,
  multiKeyAllowed,
  normalizeBaseUrl,
  PRIORITY_MIN,
  sanitizeModelMapping,
  splitKeyText,
  toList,
  typeSupported,
} from "@/lib/channel-rules";
import { channelTypeInfo } from "@/lib/channel-types";
import { pageQuerySchema } from "@/lib/schemas/pagination";

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

/** A non-empty comma list on the wire; a JSON array is accepted too and joined. */
const commaList = (message: string) =>
  z
    .union([z.string().max(200_000), z.array(z.string().max(500)).max(10_000)], { error: message })
    .transform((v) => (Array.isArray(v) ? v.join(",") : v))
    .refine((v) => toList(v).length > 0, message);

/** A whole number in a range, one message for every way it can be wrong (the form sends NaN for text). */
const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

// Field rules without defaults: updates must not reset fields the caller did not send.
const channelShape = {
  name: z.string({ error: "channel_name_key_required" }).trim().min(1, "channel_name_key_required").max(100),
  type: z.number().int().min(0).max(1000),
  key: z.string({ error: "channel_name_key_required" }).max(200_000),
  openai_organization: z.string().trim().max(200),
  // An Int column: a larger value must be a 400, not a database error.
  max_input_tokens: wholeNumber(0, 2_147_483_647, "channel_max_input_tokens_invalid"),
  base_url: z.string().trim().max(2000).transform(normalizeBaseUrl),
  other: z.string().max(10_000),
  model_mapping: jsonText("channel_json_model_mapping").transform(sanitizeModelMapping),
  status_code_mapping: jsonText("channel_json_status_code_mapping"),
  models: commaList("channel_models_required"),
  auto_ban: z.number().int().min(0).max(1),
  test_model: z.string().trim().max(200),
  group: commaList("channel_groups_required"),
  priority: wholeNumber(PRIORITY_MIN, Number.MAX_SAFE_INTEGER, "channel_priority_integer"),
  weight: wholeNumber(0, Number.MAX_SAFE_INTEGER, "channel_weight_invalid"),
  tag: z.string().trim().max(200),
  model_prefix: z.string().trim().max(200),
  setting: jsonText("channel_json_setting"),
  param_override: jsonText("channel_json_param_override"),
  header_override: jsonText("channel_json_header_override"),
  system_prompt: z.string().max(100_000),
  status: z.number().int().min(1).max(3),
  expired_time: wholeNumber(0, Number.MAX_SAFE_INTEGER, "channel_expiry_invalid"),
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
  status: CHANNEL_STATUS.enabled,
  expired_time: 0,
  remark: "",
};

type ChannelOutput = z.output<z.ZodObject<typeof channelShape>>;

/**
 * Create (POST /api/channel/ and the channel drawer): name, key and models are required; other
 * missing fields take their defaults. The key must hold at least one key of its type, the region of
 * a Vertex-like type must be JSON when it looks like JSON, and the type must have an adapter.
 */
export const channelFieldsSchema = z
  .object(channelShape)
  .partial()
  .required({ name: true, key: true, models: true })
  .transform((v) => ({
    ...CHANNEL_DEFAULTS,
    ...(Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) as Partial<ChannelOutput>),
  }))
  .superRefine((c, ctx) => {
    if (splitKeyText(c.key, c.type).length === 0)
      ctx.addIssue({ code: "custom", path: ["key"], message: "channel_name_key_required" });
    if (!isRegionValid(c.type, c.other))
      ctx.addIssue({ code: "custom", path: ["other"], message: "channel_json_region" });
    if (!typeSupported(c.type))
      ctx.addIssue({ code: "custom", path: ["type"], message: "channel_type_unsupported", params: { type: c.type } });
    keySetupIssues(c.type, c.key, c.other, c.setting, ctx);
    // Azure, Custom, Xinference: the relay cannot derive the address, so such a channel could never work.
    if (channelTypeInfo(c.type)?.form?.baseUrlRequired && !normalizeBaseUrl(c.base_url))
      ctx.addIssue({ code: "custom", path: ["base_url"], message: "channel_base_url_needed" });
  });

/**
 * What a key lacks for the relay to use it (a Bedrock key without a region, a Vertex key that is not
 * a service-account JSON): refused on save instead of failing every request.
 */
function keySetupIssues(type: number, key: string, other: string, setting: string, ctx: z.RefinementCtx) {
  const keys = multiKeyAllowed(type) ? splitKeyText(key, type) : [key.trim()];
  const problem = keys.map((k) => keySetupError(type, k, other, setting)).find(Boolean);
  if (problem === "region_required")
    ctx.addIssue({ code: "custom", path: ["other"], message: "channel_region_required" });
  else if (problem) ctx.addIssue({ code: "custom", path: ["key"], message: `channel_${problem}` });
}

export type ChannelFields = z.output<typeof channelFieldsSchema>;

/** POST /api/channel/: {mode, multi_key_mode, channel} or, as new-api also accepts, a bare channel. */
export const createChannelSchema = z.preprocess(
  (v) => (v && typeof v === "object" && "channel" in v ? v : { channel: v }),
  z.object({
    mode: z.enum(["single", "batch", "multi_to_single"]).default("single"),
    multi_key_mode: z.enum(["random", "polling"]).default("random"),
    channel: channelFieldsSchema,
  }),
);
export type CreateChannelInput = z.infer<typeof createChannelSchema>;

export const updateChannelSchema = z
  .object(channelShape)
  .partial()
  .extend({ id: z.number().int().positive() })
  .superRefine((c, ctx) => {
    // Without the type the stored one decides: the service checks it (checkTypeRules).
    if (c.type !== undefined && c.other !== undefined && !isRegionValid(c.type, c.other))
      ctx.addIssue({ code: "custom", path: ["other"], message: "channel_json_region" });
    // A new key is checked like on create when the edit says where its region is (the form always does).
    if (c.type !== undefined && c.key && c.other !== undefined)
      keySetupIssues(c.type, c.key, c.other, c.setting ?? "", ctx);
  });
export type UpdateChannelInput = z.infer<typeof updateChannelSchema>;

const bool = z.enum(["true", "false"]).default("false");
/** A comma list in the query string (types=1,3), as strings. */
const queryList = z
  .string()
  .max(4000)
  .optional()
  .transform((v) =>
    (v ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  );
// Values beyond a 32-bit column are refused (400), not passed to the database.
const intList = queryList
  .transform((l) => l.map(Number).filter((n) => Number.isInteger(n)))
  .refine((l) => l.every((n) => Math.abs(n) <= 2_147_483_647));

/**
 * A channel status filter value: a status number, or new-api's names. "enabled" is 1; "disabled" and
 * 0 mean every disabled state (2 manually, 3 automatically), as in new-api. Anything else filters
 * nothing, as new-api ignores an unknown status.
 */
export function channelStatusesOf(value: string): number[] {
  const v = value.trim().toLowerCase();
  if (v === "enabled") return [1];
  if (v === "disabled" || v === "0") return [2, 3];
  return /^\d{1,4}$/.test(v) ? [Number(v)] : [];
}
/**
 * Numbers out of range (1e26, 9223372036854775808, -5) are refused with a 400 rather than ignored:
 * they are a malformed filter, not a name new-api does not know.
 */
function statusTokenValid(value: string): boolean {
  const v = value.trim();
  if (!/^[-+.\d]/.test(v)) return true; // a word: enabled / disabled, or ignored like new-api
  return /^\d{1,4}$/.test(v) && Number(v) <= 1000;
}
const statusList = queryList.refine((l) => l.every(statusTokenValid)).transform((l) => l.flatMap(channelStatusesOf));

/** GET /api/channel/ and /api/channel/search (the list is a search without filters). */
export const channelSearchQuerySchema = pageQuerySchema.extend({
  id_sort: bool,
  tag_mode: bool,
  keyword: z.string().trim().max(200).optional(),
  group: z.string().trim().max(200).optional(),
  model: z.string().trim().max(200).optional(),
  types: intList,
  statuses: statusList,
  tags: queryList,
  // new-api list filters (single values) are accepted too.
  type: z.coerce.number().int().min(0).max(1000).optional(),
  status: z
    .string()
    .max(20)
    .optional()
    .refine((v) => v === undefined || statusTokenValid(v))
    .transform((v) => (v === undefined ? [] : channelStatusesOf(v))),
});
export type ChannelSearchQuery = z.infer<typeof channelSearchQuerySchema>;
export const channelListQuerySchema = channelSearchQuerySchema;

const tagName = z.string({ error: "channel_tag_required" }).trim().min(1, "channel_tag_required").max(200);
const idList = (message: string) =>
  z.array(z.number().int().positive(), { error: message }).min(1, message).max(10_000);

/** POST /api/channel/batch {ids}: delete the selected channels. */
export const deleteChannelsSchema = z.object({ ids: idList("channel_delete_selection_required") });

/** POST /api/channel/batch/tag {ids, tag}. */
export const batchTagSchema = z.object({ ids: idList("channel_tag_selection_required"), tag: tagName });

/** POST /api/channel/tag/enabled|disabled {tag}. */
export const tagStatusSchema = z.object({ tag: tagName });

/** A non-empty list: a comma string or an array. */
const listField = (message: string) =>
  z.union([z.string().max(200_000), z.array(z.string().max(200))]).refine((v) => toList(v).length > 0, message);

/**
 * PUT /api/channel/tag: edits every channel of a tag. Absent fields are left alone; new_tag ""
 * dissolves the tag (the channels keep their settings, untagged).
 */
export const editTagSchema = z.object({
  tag: tagName,
  new_tag: z.string().trim().max(200).nullish(),
  model_mapping: jsonText("channel_json_model_mapping").transform(sanitizeModelMapping).nullish(),
  groups: listField("channel_groups_required").nullish(),
  models: listField("channel_models_required").nullish(),
  priority: channelShape.priority.nullish(),
  weight: channelShape.weight.nullish(),
});
export type EditTagInput = z.infer<typeof editTagSchema>;

/** GET /api/channel/tags?offset&limit (at most 200 per call). */
export const tagsQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(200),
});

/** POST /api/channel/fetch_models {base_url, type, key}: only the first key is used. */
export const fetchModelsSchema = z.object({
  base_url: channelShape.base_url.optional().default(""),
  type: channelShape.type.default(1),
  key: z.string({ error: "channel_key_required_fetch" }).max(200_000),
});
