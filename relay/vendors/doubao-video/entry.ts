// Channel type 54: Doubao video (Seedance on Volcengine Ark), new-api's ChannelTypeDoubaoVideo. Its
// row of the vendor catalogue (lib/channel-types.ts): data only, imported by the browser's channel
// form too, so no server-only and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";

export const entry: VendorEntry = {
  id: 54,
  name: "Doubao Video",
  listOrder: 398,
  models: ["doubao-seedance-1-0-pro-250528", "doubao-seedance-1-0-lite-t2v", "doubao-seedance-1-0-lite-i2v"],
  baseUrlPlaceholder: "https://ark.cn-beijing.volces.com",
  transport: "video",
  defaultBaseUrl: "https://ark.cn-beijing.volces.com",
  keyFormat: "Ark API key",
  form: { setup: "doubao-video" },
};
