import { recordChannelAction } from "@/modules/channels/server/record-channel-action";
import { route, type RouteAnswer } from "@/lib/server/http/route";
import { rebuildAllAbilities } from "@/modules/channels/server/rebuild-abilities";

// POST /api/channel/fix – rebuild the routing table (abilities) from the channels; answers counts; admin
export const POST = route({ role: "admin" }, async ({ user }) => {
  const r = await rebuildAllAbilities();
  await recordChannelAction(user, "fix_abilities", "");
  // success/fails: new-api's answer shape; the other counts say what changed.
  return { success: r.channels, fails: 0, channels: r.channels, abilities: r.abilities, removed: r.removed };
});

export type FixAbilitiesAnswer = RouteAnswer<typeof POST>;
