import "server-only";

// Anthropic's model list: GET {base}/v1/models (1000 per page covers every model).
import type { ModelListing } from "@/relay/vendors/shared/console-api";

export const models: ModelListing = {
  url: (base) => `${base}/v1/models?limit=1000`,
  headers: (key) => ({ "x-api-key": key, "anthropic-version": "2023-06-01" }),
};
