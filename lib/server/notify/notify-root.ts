import "server-only";

// Tells the super admin about a system event (channel disabled or re-enabled ...) with a system log,
// shown in the admin's usage logs.
import { db } from "@/lib/server/db";
import { ROLE, LOG_TYPE } from "@/lib/constants";

export async function notifyRoot(content: string, channelId = 0): Promise<void> {
  const root = await db().user.findFirst({ where: { role: { gte: ROLE.root } }, select: { id: true, username: true } });
  await db().log.create({
    data: {
      createdAt: Math.floor(Date.now() / 1000),
      type: LOG_TYPE.system,
      userId: root?.id ?? 0,
      username: root?.username ?? "",
      content,
      channelId,
    },
  });
}
