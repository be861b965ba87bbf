// Maps wire fields (snake_case) to Prisma columns, sealing keys. Shared by create and update.
import { seal } from "@/lib/server/crypto/secret-box";
import type { ChannelFields } from "@/lib/schemas/channel";

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

export function splitKeys(key: string): string[] {
  return key
    .split("\n")
    .map((k) => k.trim())
    .filter(Boolean);
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
  if (fields.key) data.key = seal(splitKeys(fields.key).join("\n"));
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
