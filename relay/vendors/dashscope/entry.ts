// Channel type 17: Alibaba Qwen. Its row of the vendor catalogue (lib/channel-types.ts): data only, imported
// by the browser's channel form too, so no server-only and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";

export const entry: VendorEntry = {
  // DashScope's OpenAI-compatible mode: {base}/compatible-mode/v1/chat/completions, Bearer key;
  // rerank through the native text-rerank service (relay/vendors/dashscope).
  id: 17,
  name: "Alibaba Qwen",
  listOrder: 150,
  models: ["qwen-turbo", "qwen-plus", "qwen-max", "text-embedding-v3", "gte-rerank-v2"],
  transport: "dashscope",
  defaultBaseUrl: "https://dashscope.aliyuncs.com",
  pathMap: [["/v1", "/compatible-mode/v1"]],
  modelsApi: "openai",
};
