// Channel type 34: Cohere. Its row of the vendor catalogue (lib/channel-types.ts): data only, imported
// by the browser's channel form too, so no server-only and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";

export const entry: VendorEntry = {
  // Cohere's native v2 API: /v2/chat, /v2/embed, /v2/rerank (relay/vendors/cohere).
  id: 34,
  name: "Cohere",
  listOrder: 340,
  models: ["command-a-03-2025", "command-r-plus-08-2024", "embed-v4.0", "rerank-v3.5"],
  transport: "cohere",
  defaultBaseUrl: "https://api.cohere.com",
  modelsApi: "cohere",
};
