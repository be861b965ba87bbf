// Channel type 40: SiliconFlow. Its row of the vendor catalogue (lib/channel-types.ts): data only, imported
// by the browser's channel form too, so no server-only and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";

export const entry: VendorEntry = {
  id: 40,
  name: "SiliconFlow",
  listOrder: 300,
  models: ["deepseek-ai/DeepSeek-V3", "Qwen/Qwen2.5-72B-Instruct", "BAAI/bge-m3"],
  transport: "openai",
  defaultBaseUrl: "https://api.siliconflow.cn",
  modelsApi: "openai",
  balance: "siliconflow",
};
