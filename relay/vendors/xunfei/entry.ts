// Channel type 18: iFlytek Spark. Its row of the vendor catalogue (lib/channel-types.ts): data only, imported
// by the browser's channel form too, so no server-only and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";

export const entry: VendorEntry = {
  id: 18,
  name: "iFlytek Spark",
  listOrder: 160,
  keyFormat: "APPID|APISecret|APIKey",
  models: ["SparkDesk-v4.0", "SparkDesk-v3.5"],
  form: { other: "spark_version", defaultOther: "v2.1" },
};
