// Channel type 8: Custom. Its row of the vendor catalogue (lib/channel-types.ts): data only, imported
// by the browser's channel form too, so no server-only and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";

export const entry: VendorEntry = {
  id: 8,
  name: "Custom",
  listOrder: 60,
  models: ["gpt-4o-mini"],
  baseUrlPlaceholder: "https://api.example.com/v1/chat/completions",
  transport: "custom",
  defaultBaseUrl: "",
  form: { fullUrl: true, baseUrlRequired: true },
};
