// Channel type 4: Ollama. Its row of the vendor catalogue (lib/channel-types.ts): data only, imported
// by the browser's channel form too, so no server-only and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";

export const entry: VendorEntry = {
  // OpenAI-compatible /v1 by default; the channel setting {"ollama_api": "native"} selects /api/chat.
  id: 4,
  name: "Ollama",
  listOrder: 120,
  models: ["llama3.1", "qwen2.5"],
  baseUrlPlaceholder: "http://localhost:11434",
  transport: "ollama",
  defaultBaseUrl: "http://localhost:11434",
  modelsApi: "ollama",
  form: { setup: "ollama" },
};
