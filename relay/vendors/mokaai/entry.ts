// Channel type 44: MokaAI M3E. Its row of the vendor catalogue (lib/channel-types.ts): data only, imported
// by the browser's channel form too, so no server-only and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";

export const entry: VendorEntry = {
  id: 44,
  name: "MokaAI M3E",
  listOrder: 320,
  models: ["m3e-base", "m3e-large"],
  transport: "openai",
  defaultBaseUrl: "https://api.moka.ai",
  modelsApi: "openai",
};
