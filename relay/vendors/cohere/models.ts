import "server-only";

// docs.cohere.com/reference/list-models: {models: [{name}], next_page_token}; 1000 is the page maximum.
import { bearer, type ModelListing } from "@/relay/vendors/shared/console-api";

export const models: ModelListing = { url: (base) => `${base}/v1/models?page_size=1000`, headers: bearer };
