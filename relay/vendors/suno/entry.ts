// Channel type 36: Suno API. Its row of the vendor catalogue (lib/channel-types.ts): data only, imported
// by the browser's channel form too, so no server-only and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";

export const entry: VendorEntry = {
  id: 36,
  name: "Suno API",
  listOrder: 40,
  models: ["suno_music", "suno_lyrics"],
  transport: "suno",
};
