// Channel type 21: AI Proxy Library. Its row of the vendor catalogue (lib/channel-types.ts): data only, imported
// by the browser's channel form too, so no server-only and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";

export const entry: VendorEntry = {
  id: 21,
  name: "AI Proxy Library",
  listOrder: 370,
  keyFormat: "APIKey|LibraryID",
  models: ["gpt-4o-mini"],
  form: { other: "knowledge_id" },
};
