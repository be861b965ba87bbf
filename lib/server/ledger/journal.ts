import "server-only";

// The one journal of the logs table. Console verbs (top-ups, check-ins, admin actions) write their row
// now, in the caller's transaction when one is given, so the row commits or rolls back with the change
// it describes. The relay's consume/error rows are queued and written by the bookkeeping flush, in one
// transaction with the quota deltas (bookkeeping.ts), so the hot path never waits on the database.
import { LOG_TYPE } from "@/lib/constants";
import { db, type Prisma } from "@/lib/server/db";

export { queueLog, type LogRow } from "@/lib/server/ledger/bookkeeping";

export type LogInput = {
  type: (typeof LOG_TYPE)[keyof typeof LOG_TYPE];
  userId: number;
  username?: string;
  content: string;
  quota?: bigint | number;
  other?: Record<string, unknown>;
};

/** Writes one console log row (top-up, manage, system, check-in ...) immediately. */
export async function recordLog(input: LogInput, tx: Prisma.TransactionClient = db()): Promise<void> {
  await tx.log.create({
    data: {
      createdAt: Math.floor(Date.now() / 1000),
      type: input.type,
      userId: input.userId,
      username: input.username ?? "",
      content: input.content,
      quota: BigInt(input.quota ?? 0),
      other: input.other ? JSON.stringify(input.other) : "",
    },
  });
}

// Audit trail of admin actions (option writes, changes to users and channels): a type 3 (manage)
// log row under the acting admin, saying who did what. Values are shortened so that a 1 MB pricing
// document does not become a 1 MB log line; secrets never reach this function's text.
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
