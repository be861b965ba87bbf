// Channel type 38: Jina. Its row of the vendor catalogue (lib/channel-types.ts): data only, imported
// by the browser's channel form too, so no server-only and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";

export const entry: VendorEntry = {
  id: 38,
  name: "Jina",
  listOrder: 280,
  models: ["jina-embeddings-v3", "jina-reranker-v2-base-multilingual"],
  transport: "openai",
  defaultBaseUrl: "https://api.jina.ai",
  modelsApi: "openai",
};
