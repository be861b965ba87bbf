// Channel type 24: Google Gemini. Its row of the vendor catalogue (lib/channel-types.ts): data only, imported
// by the browser's channel form too, so no server-only and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";
import { GEMINI_MODELS } from "@/lib/default-models";

export const entry: VendorEntry = {
  id: 24,
  name: "Google Gemini",
  listOrder: 110,
  models: GEMINI_MODELS,
  transport: "gemini",
  format: "gemini",
  defaultBaseUrl: "https://generativelanguage.googleapis.com",
  modelsApi: "gemini",
};
