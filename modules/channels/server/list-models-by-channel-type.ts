import "server-only";

// GET /api/models: new-api's map of channel type → the models that type offers, which new-api
// consoles use to suggest models. Ours comes from the channel-type catalogue.
import { CHANNEL_TYPES } from "@/lib/channel-types";

export function listModelsByChannelType(): Record<string, string[]> {
  return Object.fromEntries(CHANNEL_TYPES.map((t) => [String(t.id), [...t.models]]));
}
