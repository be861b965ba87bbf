import "server-only";

// Audit trail of admin actions (option writes, changes to users and channels): a type 3 (manage)
// log row under the acting admin, saying who did what. Values are shortened so that a 1 MB pricing
// document does not become a 1 MB log line; secrets never reach this function's text.
import type { Prisma } from "@/lib/server/db";
import { LOG_TYPE } from "@/lib/constants";
import { recordLog } from "@/modules/logs/server/usage/record-log";

export type AdminActor = { id: number; username: string };

const MAX_VALUE_CHARS = 200;

/** A value as it may appear in an audit line: one line, at most 200 characters. */
export function auditValue(value: string): string {
  const flat = value.replace(/[\r\n\t]+/g, " ");
  return flat.length > MAX_VALUE_CHARS ? `${flat.slice(0, MAX_VALUE_CHARS)}…（共 ${flat.length} 字符）` : flat;
}

export async function recordAdminAction(
  actor: AdminActor,
  action: string,
  content: string,
  details: Record<string, unknown> = {},
  tx?: Prisma.TransactionClient,
): Promise<void> {
  await recordLog(
    {
      type: LOG_TYPE.manage,
      userId: actor.id,
      username: actor.username,
      content: `管理员 ${actor.username}（ID ${actor.id}）${content}`,
      other: { admin_info: { admin_id: actor.id, admin_username: actor.username }, action, ...details },
    },
    tx,
  );
}
