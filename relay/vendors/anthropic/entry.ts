// Channel type 14: Anthropic Claude. Its row of the vendor catalogue (lib/channel-types.ts): data only, imported
// by the browser's channel form too, so no server-only and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";
import { CLAUDE_MODELS } from "@/lib/default-models";

export const entry: VendorEntry = {
  id: 14,
  name: "Anthropic Claude",
  listOrder: 80,
  models: CLAUDE_MODELS,
  baseUrlPlaceholder: "https://api.anthropic.com",
  transport: "anthropic",
  format: "claude",
  defaultBaseUrl: "https://api.anthropic.com",
  modelsApi: "anthropic",
};
