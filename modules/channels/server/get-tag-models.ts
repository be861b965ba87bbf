import "server-only";

// GET /api/channel/tag/models?tag=: the models of the tag's channel that lists the most of them
// (new-api's GetTagModels: the tag editor starts from it); "" when no channel of the tag has any.
import { db } from "@/lib/server/db";

export async function getTagModels(tag: string): Promise<string> {
  const rows = await db().channel.findMany({ where: { tag }, select: { models: true }, orderBy: { id: "asc" } });
  let longest = "";
  let most = 0;
  for (const { models } of rows) {
    if (!models) continue;
    const count = models.split(",").length;
    if (count > most) {
      most = count;
      longest = models;
    }
  }
  return longest;
}
