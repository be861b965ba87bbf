import "server-only";

// Ollama's installed models: GET {base}/api/tags -> {models: [{name, model}]} (no auth of its own; a
// proxy in front may check the Bearer key).
import { bearer, type ModelListing } from "@/relay/vendors/shared/console-api";

export const models: ModelListing = { url: (base) => `${base}/api/tags`, headers: bearer };
