import "server-only";

// redemptions, logs, quota data, Midjourney and task records (docs/import.md). These rows may be
// skipped with a reason in the report: a log or a task of an unknown kind loses nothing that a
// balance depends on.
import { REDEMPTION_STATUS } from "@/lib/constants";
import { mapLogType } from "@/lib/server/import/codes";
import { columnList, type MapContext, type Mapped, type TableImport } from "@/lib/server/import/table-import";
import { TARGET } from "@/lib/server/import/target-tables";
import { big, bool, date, int, parseObject, str } from "@/lib/server/import/values";
import type { SourceRow } from "@/lib/server/import/source";

const LOG_TEXT_MAX = 1_048_576;

function mapRedemption(r: SourceRow, ctx: MapContext): Mapped {
  const id = int(r.id);
  const status = int(r.status);
  const usedUserId = int(r.used_user_id);
  const used = status === REDEMPTION_STATUS.used;
  const also: NonNullable<Extract<Mapped, { row: unknown }>["also"]> = [];
  if (used && ctx.userIds.has(usedUserId))
    also.push([
      TARGET.redemption_uses,
      { redemptionId: id, userId: usedUserId, quota: big(r.quota), createdAt: int(r.redeemed_time) },
    ]);
  return {
    row: {
      id,
      userId: int(r.user_id),
      key: str(r.key),
      status: [1, 2, 3].includes(status) ? status : REDEMPTION_STATUS.disabled,
      name: str(r.name),
      quota: big(r.quota),
      createdTime: int(r.created_time),
      redeemedTime: int(r.redeemed_time),
      usedUserId,
      maxUses: 1,
      usedCount: used ? 1 : 0,
      validUntil: big(r.expired_time ?? 0),
      deletedAt: date(r.deleted_at),
    },
    also,
  };
}

function mapLog(r: SourceRow, ctx: MapContext): Mapped {
  const type = mapLogType(ctx.product, int(r.type));
  if (type === null) return { skip: `log ${str(r.id)}: unknown type ${str(r.type)}` };
  const content = str(r.content);
  const other = str(r.other);
  if (content.length > LOG_TEXT_MAX || other.length > LOG_TEXT_MAX)
    return { skip: `log ${str(r.id)}: content or other over 1 MiB` };
  // one-api: elapsed_time in ms; new-api: use_time in seconds.
  const useTime = r.use_time !== undefined ? int(r.use_time) : Math.round(int(r.elapsed_time) / 1000);
  return {
    row: {
      id: int(r.id),
      createdAt: int(r.created_at),
      type,
      content,
      userId: int(r.user_id),
      username: str(r.username),
      tokenName: str(r.token_name),
      tokenId: int(r.token_id),
      modelName: str(r.model_name),
      quota: big(r.quota),
      promptTokens: int(r.prompt_tokens),
      completionTokens: int(r.completion_tokens),
      useTime,
      isStream: bool(r.is_stream),
      channelId: int(r.channel_id),
      group: str(r.group),
      ip: str(r.ip),
      requestId: str(r.request_id),
      upstreamRequestId: str(r.upstream_request_id),
      other,
    },
  };
}

export const REDEMPTION_TABLES: readonly TableImport[] = [
  {
    source: "redemptions",
    target: TARGET.redemptions,
    key: "id",
    map: mapRedemption,
    columns: columnList(
      "id user_id key status name quota created_time redeemed_time used_user_id expired_time deleted_at",
    ),
  },
];

export const LOG_TABLE: TableImport = {
  source: "logs",
  target: TARGET.logs,
  key: "id",
  map: mapLog,
  columns: columnList(
    "id user_id created_at type content username token_name model_name quota prompt_tokens completion_tokens use_time elapsed_time is_stream channel_id token_id group ip request_id upstream_request_id other",
  ),
};

export const USAGE_TABLES: readonly TableImport[] = [
  {
    source: "quota_data",
    target: TARGET.quota_data,
    key: "id",
    columns: columnList(
      "id user_id username model_name created_at use_group token_id channel_id node_name token_used count quota",
    ),
    map: (r) => ({
      row: {
        id: int(r.id),
        userId: int(r.user_id),
        username: str(r.username),
        modelName: str(r.model_name),
        createdAt: int(r.created_at),
        useGroup: str(r.use_group),
        tokenId: int(r.token_id),
        channelId: int(r.channel_id),
        nodeName: str(r.node_name),
        count: int(r.count),
        quota: big(r.quota),
        tokenUsed: big(r.token_used),
      },
    }),
  },
];

export const TASK_TABLES: readonly TableImport[] = [
  {
    source: "midjourneys",
    target: TARGET.midjourneys,
    key: "id",
    columns: columnList(
      "id code user_id action mj_id prompt prompt_en description state submit_time start_time finish_time image_url video_url status progress fail_reason channel_id quota buttons properties",
    ),
    map: (r) => ({
      row: {
        id: int(r.id),
        code: int(r.code),
        userId: int(r.user_id),
        action: str(r.action),
        mjId: str(r.mj_id),
        prompt: str(r.prompt),
        promptEn: str(r.prompt_en),
        description: str(r.description),
        state: str(r.state),
        submitTime: big(r.submit_time),
        startTime: big(r.start_time),
        finishTime: big(r.finish_time),
        imageUrl: str(r.image_url),
        videoUrl: str(r.video_url),
        status: str(r.status),
        progress: str(r.progress),
        failReason: str(r.fail_reason),
        channelId: int(r.channel_id),
        quota: big(r.quota),
        buttons: str(r.buttons),
        properties: str(r.properties),
      },
    }),
  },
  {
    source: "tasks",
    target: TARGET.tasks,
    key: "id",
    columns: columnList(
      "id created_at updated_at task_id platform user_id group channel_id quota action status fail_reason submit_time start_time finish_time progress properties private_data data",
    ),
    map: (r) => ({
      row: {
        id: int(r.id),
        createdAt: int(r.created_at),
        updatedAt: int(r.updated_at),
        taskId: str(r.task_id),
        platform: str(r.platform),
        userId: int(r.user_id),
        group: str(r.group),
        channelId: int(r.channel_id),
        quota: big(r.quota),
        action: str(r.action),
        status: str(r.status),
        failReason: str(r.fail_reason),
        submitTime: big(r.submit_time),
        startTime: big(r.start_time),
        finishTime: big(r.finish_time),
        progress: str(r.progress),
        properties: str(r.properties),
        data: str(r.data),
        // private_data holds upstream keys: only the paying token comes across.
        tokenId: int(parseObject(r.private_data).token_id as number | undefined),
      },
    }),
  },
];
