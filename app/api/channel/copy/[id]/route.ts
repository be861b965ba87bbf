import { z } from "zod";
import { recordChannelAction } from "@/modules/channels/server/record-channel-action";
import { route, type RouteAnswer } from "@/lib/server/http/route";
import { idParam } from "@/lib/server/http/params";
import { copyChannel, COPY_SUFFIX } from "@/modules/channels/server/copy-channel";

// POST /api/channel/copy/{id}?suffix= – duplicate a channel (keys copied server-side, counters reset); admin
export const POST = route(
  { role: "admin", query: z.object({ suffix: z.string().max(50).optional() }) },
  async ({ params, query, user }) => {
    const id = idParam(params);
    const copy = await copyChannel(id, query.suffix ?? COPY_SUFFIX);
    await recordChannelAction(user, "copy", `#${id} → #${copy.id}`, { id, copy: copy.id });
    return copy;
  },
);

export type CopyChannelAnswer = RouteAnswer<typeof POST>;
