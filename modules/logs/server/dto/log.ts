import "server-only";

// Log rows as the console shows them. Users see their own rows without the routing internals
// (channel, admin_info); admins see everything.
import type { Log as LogRow } from "@/lib/generated/sqlite/client";
import { parseJsonObjectText } from "@/lib/json-text";

export function toLogDto(row: LogRow, view: { admin: boolean; channelNames?: Map<number, string> }) {
  const other = parseJsonObjectText(row.other);
  if (!view.admin) {
    delete other.admin_info;
    delete other.channel_id;
  }
  return {
    id: row.id,
    created_at: row.createdAt,
    type: row.type,
    content: row.content,
    user_id: row.userId,
    username: row.username,
    token_name: row.tokenName,
    model_name: row.modelName,
    quota: Number(row.quota),
    prompt_tokens: row.promptTokens,
    completion_tokens: row.completionTokens,
    use_time: row.useTime,
    is_stream: row.isStream,
    group: row.group,
    client_ip: row.ip,
    request_id: row.requestId,
    other: JSON.stringify(other),
    ...(view.admin ? { channel: row.channelId, channel_name: view.channelNames?.get(row.channelId) ?? "" } : {}),
  };
}
export type LogDto = ReturnType<typeof toLogDto>;
