import "server-only";

// The settings module's door for server code outside it (eslint.config.mjs, "doors"). Settings owns
// the admin's model mapping (the ModelMapping option, its editor and its parser); the relay's router
// orders a request's targets with the same parser.
export { orderTargets, type ModelMapping } from "@/modules/settings/model-mapping";
