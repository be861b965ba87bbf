// Channel type 50: Kling (可灵) video generation, new-api's ChannelTypeKling. Its row of the vendor
// catalogue (lib/channel-types.ts): data only, imported by the browser's channel form too, so no
// server-only and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";

export const entry: VendorEntry = {
  id: 50,
  name: "Kling",
  listOrder: 392,
  models: ["kling-v1", "kling-v1-6", "kling-v2-master"],
  baseUrlPlaceholder: "https://api.klingai.com",
  transport: "video",
  defaultBaseUrl: "https://api.klingai.com",
  keyFormat: "AccessKey|SecretKey",
  form: { setup: "kling" },
};
