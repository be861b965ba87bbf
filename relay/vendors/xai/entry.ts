// Channel type 48: xAI. Its row of the vendor catalogue (lib/channel-types.ts): data only, imported
// by the browser's channel form too, so no server-only and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";

export const entry: VendorEntry = {
  id: 48,
  name: "xAI",
  listOrder: 360,
  models: ["grok-3", "grok-3-mini"],
  transport: "openai",
  defaultBaseUrl: "https://api.x.ai",
  modelsApi: "openai",
};
