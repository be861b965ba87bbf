// Channel type 37: Dify. Its row of the vendor catalogue (lib/channel-types.ts): data only, imported
// by the browser's channel form too, so no server-only and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";

export const entry: VendorEntry = {
  // A Dify app's service API: {base}/v1/chat-messages, Bearer app key (relay/vendors/dify).
  id: 37,
  name: "Dify",
  listOrder: 260,
  keyFormat: "app-xxx",
  models: ["dify"],
  transport: "dify",
  defaultBaseUrl: "https://api.dify.ai",
  baseUrlPlaceholder: "https://api.dify.ai",
  form: { setup: "dify" },
};
