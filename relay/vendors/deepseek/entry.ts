// Channel type 43: DeepSeek. Its row of the vendor catalogue (lib/channel-types.ts): data only, imported
// by the browser's channel form too, so no server-only and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";

export const entry: VendorEntry = {
  id: 43,
  name: "DeepSeek",
  listOrder: 70,
  models: ["deepseek-chat", "deepseek-reasoner"],
  transport: "openai",
  defaultBaseUrl: "https://api.deepseek.com",
  modelsApi: "openai",
  excludeParams: ["logit_bias", "service_tier"],
  balance: "deepseek",
};
