// Channel type 54: Doubao video (Seedance on Volcengine Ark), new-api's ChannelTypeDoubaoVideo. Its
// row of the vendor catalogue (lib/channel-types.ts): data only, imported by the browser's channel
// form too. Listed with its key format; not relayed by this gateway yet.
import type { VendorEntry } from "@/lib/channel-type-shape";

export const entry: VendorEntry = {
  id: 54,
  name: "Doubao Video",
  listOrder: 398,
  models: ["doubao-seedance-1-0-pro-250528", "doubao-seedance-1-0-lite-t2v", "doubao-seedance-1-0-lite-i2v"],
  baseUrlPlaceholder: "https://ark.cn-beijing.volces.com",
  defaultBaseUrl: "https://ark.cn-beijing.volces.com",
  keyFormat: "Ark API key",
};
