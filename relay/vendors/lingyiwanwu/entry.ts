// Channel type 31: 01.AI. Its row of the vendor catalogue (lib/channel-types.ts): data only, imported
// by the browser's channel form too, so no server-only and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";

export const entry: VendorEntry = {
  id: 31,
  name: "01.AI",
  listOrder: 230,
  models: ["yi-large", "yi-medium"],
  transport: "openai",
  defaultBaseUrl: "https://api.lingyiwanwu.com",
  modelsApi: "openai",
};
