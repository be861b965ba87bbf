import "server-only";

// Channels leave the server without their keys (never shown again after saving).
import type { Channel } from "@/lib/generated/sqlite/client";

export function toChannelDto(c: Channel) {
  let keyCount = 0;
  let multiKey = false;
  try {
    const info = JSON.parse(c.channelInfo || "{}") as { is_multi_key?: boolean; key_count?: number };
    multiKey = !!info.is_multi_key;
    keyCount = info.key_count ?? 0;
  } catch {
    // keep defaults
  }
  return {
    id: c.id,
    type: c.type,
    key: "",
    name: c.name,
    openai_organization: c.openaiOrganization,
    test_model: c.testModel,
    status: c.status,
    weight: c.weight,
    created_time: c.createdTime,
    test_time: c.testTime,
    response_time: c.responseTime,
    base_url: c.baseUrl,
    other: c.other,
    balance: c.balance,
    balance_updated_time: c.balanceUpdatedTime,
    models: c.models,
    group: c.group,
    used_quota: Number(c.usedQuota),
    model_mapping: c.modelMapping,
    status_code_mapping: c.statusCodeMapping,
    priority: c.priority,
    auto_ban: c.autoBan,
    other_info: c.otherInfo,
    tag: c.tag,
    setting: c.setting,
    param_override: c.paramOverride,
    header_override: c.headerOverride,
    system_prompt: c.systemPrompt,
    model_prefix: c.modelPrefix,
    max_input_tokens: c.maxInputTokens,
    expired_time: Number(c.expiredTime),
    remark: c.remark,
    channel_info: { is_multi_key: multiKey, key_count: keyCount },
  };
}
