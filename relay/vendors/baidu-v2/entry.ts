// Channel type 46: Baidu Qianfan v2. Its row of the vendor catalogue (lib/channel-types.ts): data only, imported
// by the browser's channel form too, so no server-only and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";

export const entry: VendorEntry = {
  // Qianfan ModelBuilder v2, OpenAI-compatible: {base}/v2/chat/completions, Bearer bce-v3/ALTAK-… key;
  // its rerank is POST {base}/v2/rerankers (Jina-shaped body and answer).
  id: 46,
  name: "Baidu Qianfan v2",
  listOrder: 140,
  keyFormat: "bce-v3/ALTAK-…",
  models: ["ernie-4.0-turbo-8k", "ernie-3.5-8k", "deepseek-v3", "embedding-v1"],
  transport: "openai",
  defaultBaseUrl: "https://qianfan.baidubce.com",
  pathMap: [
    ["/v1/rerank", "/v2/rerankers"],
    ["/v1", "/v2"],
  ],
  modelsApi: "openai",
};
