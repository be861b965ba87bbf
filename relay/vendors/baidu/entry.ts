// Channel type 15: Baidu Qianfan. Its row of the vendor catalogue (lib/channel-types.ts): data only, imported
// by the browser's channel form too, so no server-only and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";

export const entry: VendorEntry = {
  id: 15,
  name: "Baidu Qianfan",
  listOrder: 130,
  keyFormat: "APIKey|SecretKey",
  models: ["ERNIE-4.0-8K", "ERNIE-3.5-8K"],
};
