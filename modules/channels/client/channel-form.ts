// The channel drawer's form model: defaults, channel -> form, and form -> payload with the spec 2 §5
// "Channels" checks (the server repeats them). Pure, so the rules are unit-tested.
import {
  defaultOtherFor,
  detectMultiKey,
  isJsonFieldValid,
  isRegionValid,
  isValidPriority,
  isValidWeight,
  keySetupError,
  multiKeyAllowed,
  normalizeBaseUrl,
  sanitizeModelMapping,
  splitKeyText,
  toList,
  typeSupported,
} from "@/lib/channel-rules";
import { channelTypeInfo } from "@/lib/channel-types";
import type { ChannelItem } from "@/modules/channels/client/api";
import { toLocalInput } from "@/modules/tokens/client/token-form";

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
export const JSON_FIELDS: JsonField[] = [
  "model_mapping",
  "status_code_mapping",
  "setting",
  "param_override",
  "header_override",
];

export type ChannelFormError =
  | "name_key_required"
  | "models_required"
  | "duplicate_submit"
  | "groups_required"
  | "region_json"
  | "priority_integer"
  | "weight_invalid"
  | "max_input_tokens_invalid"
  | "expiry_invalid"
  | "type_unsupported"
  | "base_url_required"
  | "region_required"
  | "vertex_key_invalid"
  | `json_${JsonField}`;

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

export type ChannelSubmit =
  | { ok: false; error: ChannelFormError }
  | {
      ok: true;
      /** POST body for a new channel, or the PUT fields of an edit. */
      channel: Record<string, unknown>;
      mode: "single" | MultiKeyCreate;
      multi_key_mode: "random" | "polling";
    };

export function formToPayload(v: ChannelFormValues, action: "create" | "edit"): ChannelSubmit {
  const keys = splitKeyText(v.key, v.type);
  const needsKey = action === "create";
  // Checked first: nothing else the operator fills in can make it savable. The server refuses it
  // too; an edit of a stored row of such a type (imported) is still allowed.
  if (action === "create" && !typeSupported(v.type)) return { ok: false, error: "type_unsupported" };
  if (!v.name.trim() || (needsKey && (!multiKeyAllowed(v.type) ? !v.key.trim() : keys.length === 0)))
    return { ok: false, error: "name_key_required" };
  // new-api refuses a form whose models are not a list (a stale double submit) with 提交失败，请勿重复提交！
  if (!Array.isArray(v.models)) return { ok: false, error: "duplicate_submit" };
  if (channelTypeInfo(v.type)?.form?.baseUrlRequired && !normalizeBaseUrl(v.base_url))
    return { ok: false, error: "base_url_required" };
  const models = toList(v.models);
  if (models.length === 0) return { ok: false, error: "models_required" };
  const groups = toList(v.groups);
  if (groups.length === 0) return { ok: false, error: "groups_required" };
  for (const field of JSON_FIELDS) if (!isJsonFieldValid(v[field])) return { ok: false, error: `json_${field}` };
  if (!isRegionValid(v.type, v.other)) return { ok: false, error: "region_json" };
  // An edit with an empty key keeps the stored one, which was checked when it was saved.
  const keyList = multiKeyAllowed(v.type) ? keys : [v.key.trim()].filter(Boolean);
  const setupError = keyList.map((k) => keySetupError(v.type, k, v.other)).find(Boolean);
  if (setupError) return { ok: false, error: setupError };
  if (!isValidPriority(v.priority)) return { ok: false, error: "priority_integer" };
  if (!isValidWeight(v.weight)) return { ok: false, error: "weight_invalid" };
  const maxInput = Number(v.max_input_tokens.trim() || "0");
  if (!Number.isInteger(maxInput) || maxInput < 0 || maxInput > 2_147_483_647)
    return { ok: false, error: "max_input_tokens_invalid" };
  let expired_time = 0;
  if (v.expiry.trim()) {
    const ms = new Date(v.expiry).getTime();
    if (!Number.isFinite(ms) || ms <= 0) return { ok: false, error: "expiry_invalid" };
    expired_time = Math.floor(ms / 1000);
  }

  const multi = v.keyMode === "multi" && !!multiKeyAllowed(v.type);
  const keyText = !multiKeyAllowed(v.type) ? v.key.trim() : keys.join("\n");
  const channel: Record<string, unknown> = {
    name: v.name.trim(),
    type: v.type,
    base_url: normalizeBaseUrl(v.base_url),
    other: defaultOtherFor(v.type, v.other.trim()),
    openai_organization: v.openai_organization.trim(),
    models: models.join(","),
    test_model: v.test_model.trim(),
    model_mapping: sanitizeModelMapping(v.model_mapping),
    group: groups.join(","),
    priority: Number(v.priority),
    weight: Number(v.weight),
    tag: v.tag.trim(),
    auto_ban: v.auto_ban ? 1 : 0,
    status_code_mapping: v.status_code_mapping.trim(),
    setting: v.setting.trim(),
    param_override: v.param_override.trim(),
    header_override: v.header_override.trim(),
    system_prompt: v.system_prompt,
    remark: v.remark.trim(),
    max_input_tokens: maxInput,
    model_prefix: v.model_prefix.trim(),
    expired_time,
  };
  // Editing with an empty key keeps the stored keys.
  if (keyText || action === "create") channel.key = keyText;
  return {
    ok: true,
    channel,
    mode: action === "create" && multi && keys.length > 1 ? v.multiCreate : "single",
    multi_key_mode: v.multiKeyMode,
  };
}
