// The logs module's door for other modules' client code (eslint.config.mjs, "doors"): the settings
// page's log cleanup card.
export { useDeleteLogsBefore } from "@/modules/logs/client/usage/hooks";
