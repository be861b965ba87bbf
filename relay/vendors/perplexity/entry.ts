// Channel type 27: Perplexity. Its row of the vendor catalogue (lib/channel-types.ts): data only, imported
// by the browser's channel form too, so no server-only and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";

export const entry: VendorEntry = {
  id: 27,
  name: "Perplexity",
  listOrder: 250,
  models: ["sonar", "sonar-pro"],
  transport: "openai",
  defaultBaseUrl: "https://api.perplexity.ai",
  modelsApi: "openai",
  noV1: true,
};
