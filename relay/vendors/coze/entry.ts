// Channel type 49: Coze. Its row of the vendor catalogue (lib/channel-types.ts): data only, imported
// by the browser's channel form too, so no server-only and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";

export const entry: VendorEntry = {
  // A Coze bot through chat v3: {base}/v3/chat, Bearer personal access token; bot ID in `other`
  // (relay/vendors/coze).
  id: 49,
  name: "Coze",
  listOrder: 270,
  keyFormat: "pat_xxx",
  models: ["coze"],
  transport: "coze",
  defaultBaseUrl: "https://api.coze.cn",
  baseUrlPlaceholder: "https://api.coze.cn",
  form: { other: "bot_id", setup: "coze" },
};
