// Channel type 23: Tencent Hunyuan. Its row of the vendor catalogue (lib/channel-types.ts): data only, imported
// by the browser's channel form too, so no server-only and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";

export const entry: VendorEntry = {
  // Hunyuan's OpenAI-compatible endpoint (API key, Bearer); the TC3-signed native API
  // (AppId|SecretId|SecretKey keys of new-api) is not supported: such keys are refused on save.
  id: 23,
  name: "Tencent Hunyuan",
  listOrder: 190,
  models: ["hunyuan-lite", "hunyuan-standard", "hunyuan-pro", "hunyuan-embedding"],
  transport: "openai",
  defaultBaseUrl: "https://api.hunyuan.cloud.tencent.com",
  modelsApi: "openai",
};
