// Channel type 55: Sora (OpenAI's videos API, new-api's ChannelTypeSora). Its row of the vendor
// catalogue (lib/channel-types.ts): data only, imported by the browser's channel form too, so no
// server-only and no node imports here. OpenAI (1) and Azure (3) channels serve the same videos API.
import type { VendorEntry } from "@/lib/channel-type-shape";

export const entry: VendorEntry = {
  id: 55,
  name: "Sora",
  listOrder: 390,
  models: ["sora-2", "sora-2-pro"],
  baseUrlPlaceholder: "https://api.openai.com",
  transport: "video",
  defaultBaseUrl: "https://api.openai.com",
  keyFormat: "sk-...",
  form: { setup: "video" },
};
