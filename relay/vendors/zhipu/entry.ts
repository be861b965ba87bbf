// Channel type 16: Zhipu ChatGLM. Its row of the vendor catalogue (lib/channel-types.ts): data only, imported
// by the browser's channel form too, so no server-only and no node imports here.
import type { VendorEntry } from "@/lib/channel-type-shape";

export const entry: VendorEntry = {
  id: 16,
  name: "Zhipu ChatGLM",
  listOrder: 170,
  models: ["glm-4", "glm-4-flash", "glm-4v"],
};
