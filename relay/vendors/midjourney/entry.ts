// Channel type 2: Midjourney Proxy. Its row of the vendor catalogue (lib/channel-types.ts): data only, imported
// by the browser's channel form too, so no server-only and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";
import { MJ_BASIC } from "@/lib/default-models";

export const entry: VendorEntry = {
  id: 2,
  name: "Midjourney Proxy",
  listOrder: 20,
  models: MJ_BASIC,
  baseUrlPlaceholder: "https://mj.example.com",
  transport: "midjourney",
};
