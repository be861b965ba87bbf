// Channel type 1: OpenAI. Its row of the vendor catalogue (lib/channel-types.ts): data only, imported
// by the browser's channel form too, so no server-only and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";
import { OPENAI_MODELS } from "@/lib/default-models";

export const entry: VendorEntry = {
  id: 1,
  name: "OpenAI",
  listOrder: 10,
  models: OPENAI_MODELS,
  baseUrlPlaceholder: "https://api.openai.com",
  transport: "openai",
  defaultBaseUrl: "https://api.openai.com",
  balance: "openai",
  modelsApi: "openai",
  form: { organization: true },
};
