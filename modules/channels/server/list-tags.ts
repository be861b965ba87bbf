import "server-only";

// GET /api/channel/tags?offset&limit: the distinct non-empty tags, sorted (for the tag filter).
import { db } from "@/lib/server/db";

export async function listTags(offset: number, limit: number): Promise<string[]> {
  const rows = await db().channel.findMany({
    where: { tag: { not: "" } },
    distinct: ["tag"],
    select: { tag: true },
    orderBy: { tag: "asc" },
    skip: offset,
    take: limit,
  });
  return rows.map((r) => r.tag);
}
