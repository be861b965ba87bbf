import "server-only";

// Writes one console log row (top-up, manage, system, check-in ...). Relay consume logs go through
// the batched writer of the relay instead.
import { LOG_TYPE } from "@/lib/constants";
import { db, type Prisma } from "@/lib/server/db";

export type LogInput = {
  type: (typeof LOG_TYPE)[keyof typeof LOG_TYPE];
  userId: number;
  username?: string;
  content: string;
  quota?: bigint | number;
  other?: Record<string, unknown>;
};

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
