import "server-only";

// channels, abilities and options (docs/import.md). A channel is never skipped: a type we do not
// relay comes across disabled with the reason the console shows (other_info.status_reason).
import { CHANNEL_STATUS } from "@/lib/constants";
import { OPTION_DEFAULTS } from "@/lib/server/options/defaults";
import { mapChannelType } from "@/lib/server/import/codes";
import { columnList, type MapContext, type Mapped, type TableImport } from "@/lib/server/import/table-import";
import { TARGET } from "@/lib/server/import/target-tables";
import { bool, fitted, int, jsonObject, num, parseObject, str, big, type RowRef } from "@/lib/server/import/values";
import type { SourceRow } from "@/lib/server/import/source";

const TEXT_MAX = 1_048_576;

/** new-api's `setting` and `settings` (one-api's `config`) are one JSON object here. */
function mergedSetting(r: SourceRow): Record<string, unknown> {
  return { ...parseObject(r.config), ...parseObject(r.settings), ...parseObject(r.setting) };
}

function mapChannel(r: SourceRow, ctx: MapContext): Mapped {
  const id = int(r.id);
  const ref: RowRef = { table: "channels", id };
  const mapped = mapChannelType(ctx.product, int(r.type));
  let status = int(r.status);
  // other_info is bookkeeping (why and when it was disabled): not an object reads as none.
  let otherInfo = Object.keys(parseObject(r.other_info)).length ? str(r.other_info) : "";
  if (!mapped.relayed || ![1, 2, 3].includes(status)) {
    const reason = mapped.relayed ? `imported from ${ctx.product}: status ${status} unknown` : mapped.reason;
    status = CHANNEL_STATUS.manuallyDisabled;
    otherInfo = JSON.stringify({ ...parseObject(otherInfo || "{}"), status_reason: reason, status_time: ctx.now });
    ctx.note(
      "channels",
      mapped.relayed ? "unknown status: imported disabled" : `type ${str(r.type)} not relayed: imported disabled`,
    );
  }
  ctx.channelIds.add(id);
  if (status !== CHANNEL_STATUS.enabled) ctx.disabledChannels.add(id);
  const setting = mergedSetting(r);
  const systemPrompt = str(r.system_prompt) || (typeof setting.system_prompt === "string" ? setting.system_prompt : "");
  const channelInfo = jsonObject(ref, "channel_info", r.channel_info);
  const key = fitted(ref, "key", r.key, TEXT_MAX);
  return {
    row: {
      id,
      type: mapped.type,
      key: ctx.seal(key),
      openaiOrganization: str(r.openai_organization),
      testModel: str(r.test_model),
      status,
      name: fitted(ref, "name", r.name, 65_535),
      weight: int(r.weight),
      createdTime: int(r.created_time),
      testTime: int(r.test_time),
      responseTime: int(r.response_time),
      baseUrl: fitted(ref, "base_url", r.base_url, 65_535),
      other: str(r.other),
      balance: num(r.balance),
      balanceUpdatedTime: int(r.balance_updated_time),
      models: fitted(ref, "models", r.models, TEXT_MAX),
      group: str(r.group) || "default",
      usedQuota: big(r.used_quota),
      modelMapping: jsonObject(ref, "model_mapping", r.model_mapping),
      statusCodeMapping: jsonObject(ref, "status_code_mapping", r.status_code_mapping),
      priority: int(r.priority),
      autoBan: r.auto_ban === undefined || r.auto_ban === null ? 1 : int(r.auto_ban),
      otherInfo,
      tag: str(r.tag),
      setting: Object.keys(setting).length ? JSON.stringify(setting) : "",
      paramOverride: jsonObject(ref, "param_override", r.param_override),
      headerOverride: jsonObject(ref, "header_override", r.header_override),
      systemPrompt,
      remark: str(r.remark),
      channelInfo: channelInfo === "{}" ? "" : channelInfo,
    },
  };
}

function mapOption(r: SourceRow, ctx: MapContext): Mapped {
  const key = str(r.key);
  if (!key) return { skip: "an option without a key" };
  if (!Object.hasOwn(OPTION_DEFAULTS, key)) ctx.note("options", `unknown option kept as it is: ${key}`);
  return { row: { key, value: str(r.value) } };
}

export const CHANNEL_TABLES: readonly TableImport[] = [
  {
    source: "channels",
    target: TARGET.channels,
    key: "id",
    map: mapChannel,
    columns: columnList(
      "id type key openai_organization test_model status name weight created_time test_time response_time base_url other balance balance_updated_time models group used_quota model_mapping status_code_mapping priority auto_ban other_info tag setting settings config param_override header_override system_prompt remark channel_info",
    ),
  },
  {
    source: "abilities",
    target: TARGET.abilities,
    orderBy: ["channel_id", "group", "model"],
    columns: columnList("group model channel_id enabled priority weight tag"),
    map: (r, ctx) => {
      const channelId = int(r.channel_id);
      if (!ctx.channelIds.has(channelId))
        return { skip: `ability ${str(r.group)}/${str(r.model)}: channel ${channelId} does not exist` };
      return {
        row: {
          group: str(r.group),
          model: str(r.model),
          channelId,
          enabled: bool(r.enabled) && !ctx.disabledChannels.has(channelId),
          priority: int(r.priority),
          weight: int(r.weight),
          tag: str(r.tag),
        },
      };
    },
  },
  { source: "options", target: TARGET.options, orderBy: ["key"], columns: columnList("key value"), map: mapOption },
];
