// Channel type 20: OpenRouter. Its row of the vendor catalogue (lib/channel-types.ts): data only, imported
// by the browser's channel form too, so no server-only and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";

export const entry: VendorEntry = {
  id: 20,
  name: "OpenRouter",
  listOrder: 210,
  models: ["openai/gpt-4o-mini", "anthropic/claude-3.5-sonnet"],
  transport: "openai",
  defaultBaseUrl: "https://openrouter.ai/api",
  modelsApi: "openai",
  balance: "openrouter",
};
