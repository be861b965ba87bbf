// Channel type 22: FastGPT. Its row of the vendor catalogue (lib/channel-types.ts): data only, imported
// by the browser's channel form too, so no server-only and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";

export const entry: VendorEntry = {
  id: 22,
  name: "FastGPT",
  listOrder: 380,
  keyFormat: "APIKey-AppId",
  models: ["gpt-4o-mini"],
  baseUrlPlaceholder: "https://fastgpt.run/api/openapi",
};
