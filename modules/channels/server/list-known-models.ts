import "server-only";

// GET /api/channel/models: every model the console knows of, for the model pickers: the per-type
// suggestions of the channel-type catalogue plus the models of existing channels.
import { db } from "@/lib/server/db";
import { allDefaultModels } from "@/lib/channel-types";
import { toList } from "@/lib/channel-rules";

export async function listKnownModels(): Promise<{ id: string }[]> {
  const rows = await db().channel.findMany({ select: { models: true } });
  const names = new Set([...allDefaultModels(), ...rows.flatMap((r) => toList(r.models))]);
  return [...names].sort().map((id) => ({ id }));
}
