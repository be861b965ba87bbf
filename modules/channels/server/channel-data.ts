import "server-only";

// Maps wire fields (snake_case) to Prisma columns, sealing keys. Shared by create and update.
import { seal } from "@/lib/server/crypto/secret-box";
import { AppError } from "@/lib/server/http/app-error";
import { channelTypeInfo } from "@/lib/channel-types";
import { defaultOtherFor, isRegionValid, splitKeyText } from "@/lib/channel-rules";
import type { ChannelFields } from "@/modules/channels/schemas";

// The key is sealed separately (sealKeys): its splitting depends on the type.
const COLUMN: Record<Exclude<keyof ChannelFields, "key" | "expired_time">, string> = {
  name: "name",
  type: "type",
  openai_organization: "openaiOrganization",
  max_input_tokens: "maxInputTokens",
  base_url: "baseUrl",
  other: "other",
  model_mapping: "modelMapping",
  status_code_mapping: "statusCodeMapping",
  models: "models",
  auto_ban: "autoBan",
  test_model: "testModel",
  group: "group",
  priority: "priority",
  weight: "weight",
  tag: "tag",
  model_prefix: "modelPrefix",
  setting: "setting",
  param_override: "paramOverride",
  header_override: "headerOverride",
  system_prompt: "systemPrompt",
  status: "status",
  remark: "remark",
};

/** Sealed key column value for already split keys. */
export function sealKeys(keys: string[]): string {
  return seal(keys.join("\n"));
}

/** Normalises a comma list: trimmed, de-duplicated, no empties. */
export function normaliseList(value: string): string {
  return [
    ...new Set(
      value
        .split(/[,\n]/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ].join(",");
}

/**
 * The keys of a key text for a type. Keys are stored newline separated; a type whose key is one
 * JSON document (41) keeps it whole, on one line.
 */
export function keysOf(text: string, type: number): string[] {
  if (channelTypeInfo(type)?.singleKeyOnly) {
    const whole = text.replace(/\s*\n\s*/g, " ").trim();
    return whole ? [whole] : [];
  }
  return splitKeyText(text, type);
}

/** Cross-field rules the field schema cannot express (type 41 region JSON, type 18 default version). */
export function checkTypeRules(fields: { type: number; other?: string }): { other?: string } {
  if (fields.other !== undefined && !isRegionValid(fields.type, fields.other))
    throw new AppError("bad_request", "channel_json_region");
  return fields.other === undefined ? {} : { other: defaultOtherFor(fields.type, fields.other) };
}

export function channelData(fields: Partial<ChannelFields>): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [wire, column] of Object.entries(COLUMN)) {
    const v = fields[wire as keyof ChannelFields];
    if (v !== undefined) data[column] = v;
  }
  if (typeof data.models === "string") data.models = normaliseList(data.models);
  if (typeof data.group === "string") data.group = normaliseList(data.group);
  if (fields.expired_time !== undefined) data.expiredTime = BigInt(fields.expired_time);
  return data;
}

export function multiKeyInfo(keyCount: number, mode: "random" | "polling"): string {
  return JSON.stringify({
    is_multi_key: keyCount > 1,
    multi_key_mode: mode,
    key_count: keyCount,
    multi_key_status_list: {},
    polling_index: 0,
  });
}
