import "server-only";

// PUT /api/channel/tag: edits every channel of a tag at once: the given fields
// overwrite each channel's; an empty new_tag dissolves the tag (channels stay, untagged). Sending
// nothing to change is refused (没有任何修改！).
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { invalidateChannels } from "@/lib/server/cache/channel-cache";
import { rebuildAbilitiesOf } from "@/modules/channels/server/rebuild-abilities";
import { toList } from "@/lib/channel-rules";
import type { EditTagInput } from "@/modules/channels/schemas";

function listText(value: string | string[]): string {
  return toList(value).join(",");
}

export async function editTag(input: EditTagInput): Promise<number> {
  const data: Record<string, unknown> = {};
  if (input.new_tag !== undefined && input.new_tag !== null && input.new_tag !== input.tag) data.tag = input.new_tag;
  if (input.model_mapping !== undefined && input.model_mapping !== null) data.modelMapping = input.model_mapping;
  // editTagSchema refuses an emptied model or group list.
  if (input.models !== undefined && input.models !== null) data.models = listText(input.models);
  if (input.groups !== undefined && input.groups !== null) data.group = listText(input.groups);
  if (input.priority !== undefined && input.priority !== null) data.priority = input.priority;
  if (input.weight !== undefined && input.weight !== null) data.weight = input.weight;
  if (!Object.keys(data).length) throw new AppError("bad_request", "channel_tag_nothing_changed");

  const count = await db().$transaction(async (tx) => {
    const ids = (await tx.channel.findMany({ where: { tag: input.tag }, select: { id: true } })).map((c) => c.id);
    if (!ids.length) throw new AppError("not_found", "channel_tag_not_found");
    await tx.channel.updateMany({ where: { id: { in: ids } }, data });
    await rebuildAbilitiesOf(ids, tx);
    return ids.length;
  });
  invalidateChannels();
  return count;
}
