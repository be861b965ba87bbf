// Channel type 42: Mistral AI. Its row of the vendor catalogue (lib/channel-types.ts): data only, imported
// by the browser's channel form too, so no server-only and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";

export const entry: VendorEntry = {
  id: 42,
  name: "Mistral AI",
  listOrder: 310,
  models: ["mistral-large-latest", "mistral-small-latest"],
  transport: "openai",
  defaultBaseUrl: "https://api.mistral.ai",
  modelsApi: "openai",
};
