// Channel type 35: MiniMax. Its row of the vendor catalogue (lib/channel-types.ts): data only, imported
// by the browser's channel form too, so no server-only and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";

export const entry: VendorEntry = {
  id: 35,
  name: "MiniMax",
  listOrder: 240,
  models: ["MiniMax-M1", "MiniMax-Text-01", "abab6.5s-chat"],
  transport: "openai",
  defaultBaseUrl: "https://api.minimaxi.com",
  modelsApi: "openai",
};
