// The channel drawer's form model: defaults, channel -> form, and form -> the routes' schema input
// (the schemas hold the channel checks and their messages). Pure, so it is unit-tested.
import { defaultOtherFor, detectMultiKey, multiKeyAllowed, splitKeyText, toList } from "@/lib/channel-rules";
import { numberOf } from "@/lib/client/number-text";
import { channelFieldsSchema, updateChannelSchema } from "@/modules/channels/schemas";
import type { ChannelItem } from "@/modules/channels/client/api";
import { toLocalInput } from "@/lib/format-time";

export type KeyMode = "single" | "multi";
/** In multi-key mode: one channel per key (batch) or one channel holding every key. */
export type MultiKeyCreate = "batch" | "multi_to_single";

export type ChannelFormValues = {
  name: string;
  type: number;
  key: string;
  keyMode: KeyMode;
  multiCreate: MultiKeyCreate;
  multiKeyMode: "random" | "polling";
  base_url: string;
  other: string;
  openai_organization: string;
  models: string[];
  test_model: string;
  model_mapping: string;
  groups: string[];
  priority: string;
  weight: string;
  tag: string;
  auto_ban: boolean;
  status_code_mapping: string;
  setting: string;
  param_override: string;
  header_override: string;
  system_prompt: string;
  remark: string;
  /** Integer text; 0 = no limit. */
  max_input_tokens: string;
  model_prefix: string;
  /** datetime-local text; empty = never expires (expired_time 0). */
  expiry: string;
};

export type JsonField = "model_mapping" | "status_code_mapping" | "setting" | "param_override" | "header_override";

export function emptyChannelForm(): ChannelFormValues {
  return {
    name: "",
    type: 1,
    key: "",
    keyMode: "single",
    multiCreate: "batch",
    multiKeyMode: "random",
    base_url: "",
    other: "",
    openai_organization: "",
    models: [],
    test_model: "",
    model_mapping: "",
    groups: ["default"],
    priority: "0",
    weight: "0",
    tag: "",
    auto_ban: true,
    status_code_mapping: "",
    setting: "",
    param_override: "",
    header_override: "",
    system_prompt: "",
    remark: "",
    max_input_tokens: "0",
    model_prefix: "",
    expiry: "",
  };
}

export function channelToForm(c: ChannelItem): ChannelFormValues {
  return {
    ...emptyChannelForm(),
    name: c.name,
    type: c.type,
    keyMode: c.channel_info.is_multi_key ? "multi" : "single",
    base_url: c.base_url,
    other: c.other,
    openai_organization: c.openai_organization,
    models: toList(c.models),
    test_model: c.test_model,
    model_mapping: c.model_mapping,
    groups: toList(c.group),
    priority: String(c.priority),
    weight: String(c.weight),
    tag: c.tag,
    auto_ban: c.auto_ban === 1,
    status_code_mapping: c.status_code_mapping,
    setting: c.setting,
    param_override: c.param_override,
    header_override: c.header_override,
    system_prompt: c.system_prompt,
    remark: c.remark,
    max_input_tokens: String(c.max_input_tokens ?? 0),
    model_prefix: c.model_prefix ?? "",
    expiry: c.expired_time > 0 ? toLocalInput(new Date(c.expired_time * 1000)) : "",
  };
}

/** The key mode after the key text changed: commas/newlines switch to multi (never for a single-key-only type). */
export function keyModeAfterInput(text: string, type: number, current: KeyMode): KeyMode {
  return detectMultiKey(text, type) ? "multi" : current;
}

/** The channel drawer validates with the routes' schemas: POST's channel fields, PUT's body. */
export const channelFormSchemas = { create: channelFieldsSchema, edit: updateChannelSchema };

/**
 * The form as the schemas' input: text becomes numbers, lists the wire's comma
 * strings, keys one per line; an edit sends its id and, with the key left empty, no key (kept).
 */
export function channelFormInput(v: ChannelFormValues, editId: number | null = null): Record<string, unknown> {
  const keyText = !multiKeyAllowed(v.type) ? v.key.trim() : splitKeyText(v.key, v.type).join("\n");
  let expired_time = 0;
  if (v.expiry.trim()) expired_time = Math.floor(new Date(v.expiry).getTime() / 1000);
  return {
    ...(editId === null ? {} : { id: editId }),
    name: v.name,
    type: v.type,
    ...(keyText || editId === null ? { key: keyText } : {}),
    base_url: v.base_url,
    other: defaultOtherFor(v.type, v.other.trim()),
    openai_organization: v.openai_organization,
    models: toList(v.models).join(","),
    test_model: v.test_model,
    model_mapping: v.model_mapping,
    group: toList(v.groups).join(","),
    priority: numberOf(v.priority),
    weight: numberOf(v.weight),
    tag: v.tag,
    auto_ban: v.auto_ban ? 1 : 0,
    status_code_mapping: v.status_code_mapping.trim(),
    setting: v.setting.trim(),
    param_override: v.param_override.trim(),
    header_override: v.header_override.trim(),
    system_prompt: v.system_prompt,
    remark: v.remark.trim(),
    max_input_tokens: v.max_input_tokens.trim() === "" ? 0 : numberOf(v.max_input_tokens),
    model_prefix: v.model_prefix,
    expired_time,
  };
}

/** How a new channel's keys are created: one channel per key, one multi-key channel, or a single key. */
export function createMode(v: ChannelFormValues): {
  mode: "single" | MultiKeyCreate;
  multi_key_mode: "random" | "polling";
} {
  const multi = v.keyMode === "multi" && multiKeyAllowed(v.type) && splitKeyText(v.key, v.type).length > 1;
  return { mode: multi ? v.multiCreate : "single", multi_key_mode: v.multiKeyMode };
}
