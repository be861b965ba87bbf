// Channel type 45: Volcengine Ark. Its row of the vendor catalogue (lib/channel-types.ts): data only, imported
// by the browser's channel form too, so no server-only and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";

export const entry: VendorEntry = {
  // Volcengine Ark (Doubao), OpenAI-compatible: {base}/api/v3/chat/completions, Bearer API key.
  id: 45,
  name: "Volcengine Ark",
  listOrder: 330,
  models: ["doubao-pro-32k", "doubao-lite-32k", "doubao-embedding"],
  transport: "openai",
  defaultBaseUrl: "https://ark.cn-beijing.volces.com",
  pathMap: [["/v1", "/api/v3"]],
};
