// Channel type 47: Xinference. Its row of the vendor catalogue (lib/channel-types.ts): data only, imported
// by the browser's channel form too, so no server-only and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";

export const entry: VendorEntry = {
  id: 47,
  name: "Xinference",
  listOrder: 350,
  models: ["qwen2.5-instruct"],
  baseUrlPlaceholder: "http://localhost:9997",
  transport: "openai",
  defaultBaseUrl: "",
  form: { baseUrlRequired: true },
  modelsApi: "openai",
};
