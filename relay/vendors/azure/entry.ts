// Channel type 3: Azure OpenAI. Its row of the vendor catalogue (lib/channel-types.ts): data only, imported
// by the browser's channel form too, so no server-only and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";

export const entry: VendorEntry = {
  id: 3,
  name: "Azure OpenAI",
  listOrder: 50,
  keyFormat: "AZURE_OPENAI_API_KEY",
  models: ["gpt-4o", "gpt-4o-mini", "gpt-4.1", "gpt-35-turbo", "text-embedding-3-small"],
  baseUrlPlaceholder: "https://docs-test-001.openai.azure.com",
  transport: "azure",
  defaultBaseUrl: "",
  form: { other: "api_version", baseUrlRequired: true, setup: "azure" },
};
