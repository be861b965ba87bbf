// Channel type 41: Vertex AI. Its row of the vendor catalogue (lib/channel-types.ts): data only, imported
// by the browser's channel form too, so no server-only and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";
import { CLAUDE_MODELS, GEMINI_MODELS } from "@/lib/default-models";

export const entry: VendorEntry = {
  id: 41,
  name: "Vertex AI",
  listOrder: 100,
  keyFormat: "JSON",
  models: [...GEMINI_MODELS, ...CLAUDE_MODELS],
  singleKeyOnly: true,
  // Gemini and Claude on Vertex; the service-account key is exchanged for an OAuth token.
  transport: "vertex",
  format: "gemini",
  defaultBaseUrl: "",
  baseUrlPlaceholder: "https://us-central1-aiplatform.googleapis.com",
  form: { other: "region", setup: "vertex" },
};
