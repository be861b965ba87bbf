import "server-only";

// Gemini's model list: GET {base}/v1beta/models (names "models/<id>"; the module strips the prefix).
import type { ModelListing } from "@/relay/vendors/shared/console-api";

export const models: ModelListing = {
  url: (base) => `${base}/v1beta/models?pageSize=1000`,
  headers: (key) => ({ "x-goog-api-key": key }),
};
