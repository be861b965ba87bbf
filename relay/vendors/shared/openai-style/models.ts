import "server-only";

// The OpenAI-style model list, GET {base}/v1/models (the vendor's path for it: pathMap, noV1), for
// every OpenAI-compatible vendor whose entry says modelsApi "openai".
import { vendorPath } from "@/lib/channel-types";
import { bearer, type ModelListing } from "@/relay/vendors/shared/console-api";

export const models: ModelListing = {
  url: (base, _key, vendor) => `${base}${vendorPath(vendor, "/v1/models")}`,
  headers: bearer,
};
