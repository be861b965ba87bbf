// Channel type 19: 360 AI. Its row of the vendor catalogue (lib/channel-types.ts): data only, imported
// by the browser's channel form too, so no server-only and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";

export const entry: VendorEntry = {
  id: 19,
  name: "360 AI",
  listOrder: 220,
  models: ["360gpt-turbo", "360gpt-pro"],
  transport: "openai",
  defaultBaseUrl: "https://ai.360.cn",
  modelsApi: "openai",
};
