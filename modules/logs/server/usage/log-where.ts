import "server-only";

import type { LogFilter } from "@/modules/logs/schemas/log";
import type { Prisma } from "@/lib/server/db";

/** The WHERE of a log query: a user's own rows (self) or everyone's with the admin-only filters. */
export function logWhere(filter: LogFilter, scope: { selfUserId: number } | { admin: true }): Prisma.LogWhereInput {
  const where: Prisma.LogWhereInput = {};
  if ("selfUserId" in scope) where.userId = scope.selfUserId;
  else {
    if (filter.username) where.username = filter.username;
    if (filter.channel) where.channelId = filter.channel;
  }
  if (filter.type) where.type = filter.type;
  if (filter.token_name) where.tokenName = filter.token_name;
  if (filter.model_name) where.modelName = { contains: filter.model_name };
  if (filter.group) where.group = filter.group;
  if (filter.start_timestamp || filter.end_timestamp) {
    where.createdAt = {
      ...(filter.start_timestamp ? { gte: filter.start_timestamp } : {}),
      ...(filter.end_timestamp ? { lte: filter.end_timestamp } : {}),
    };
  }
  return where;
}
