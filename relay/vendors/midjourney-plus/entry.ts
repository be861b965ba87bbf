// Channel type 5: Midjourney Proxy Plus. Its row of the vendor catalogue (lib/channel-types.ts): data only, imported
// by the browser's channel form too, so no server-only and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";
import { MJ_PLUS } from "@/lib/default-models";

export const entry: VendorEntry = {
  id: 5,
  name: "Midjourney Proxy Plus",
  listOrder: 30,
  models: MJ_PLUS,
  baseUrlPlaceholder: "https://mj.example.com",
  transport: "midjourney",
};
