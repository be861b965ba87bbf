// Channel type 52: Vidu video generation, new-api's ChannelTypeVidu. Its row of the vendor catalogue
// (lib/channel-types.ts): data only, imported by the browser's channel form too, so no server-only
// and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";

export const entry: VendorEntry = {
  id: 52,
  name: "Vidu",
  listOrder: 396,
  models: ["viduq2", "viduq1", "vidu2.0", "vidu1.5"],
  baseUrlPlaceholder: "https://api.vidu.cn",
  transport: "video",
  defaultBaseUrl: "https://api.vidu.cn",
  keyFormat: "API key",
  form: { setup: "vidu" },
};
