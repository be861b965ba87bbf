// Channel type 25: Moonshot. Its row of the vendor catalogue (lib/channel-types.ts): data only, imported
// by the browser's channel form too, so no server-only and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";

export const entry: VendorEntry = {
  id: 25,
  name: "Moonshot",
  listOrder: 200,
  models: ["moonshot-v1-8k", "moonshot-v1-32k", "moonshot-v1-128k"],
  transport: "openai",
  defaultBaseUrl: "https://api.moonshot.cn",
  modelsApi: "openai",
  balance: "moonshot",
};
