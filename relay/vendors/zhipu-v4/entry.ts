// Channel type 26: Zhipu GLM v4. Its row of the vendor catalogue (lib/channel-types.ts): data only, imported
// by the browser's channel form too, so no server-only and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";

export const entry: VendorEntry = {
  // Zhipu BigModel API v4 (OpenAI-shaped): {base}/api/paas/v4/chat/completions, Bearer API key.
  id: 26,
  name: "Zhipu GLM v4",
  listOrder: 180,
  models: ["glm-4-plus", "glm-4-air", "glm-4-flash", "glm-4v", "embedding-3"],
  transport: "openai",
  defaultBaseUrl: "https://open.bigmodel.cn",
  pathMap: [["/v1", "/api/paas/v4"]],
  modelsApi: "openai",
};
