import "server-only";

// The relay's public entry for the console's services (channel test, balance checks, model lists): the only
// relay module they import, so the relay's inside can move without touching them.
export { autoDisable } from "@/relay/routing/channel-health";
export { prepareProbe, type Probe, type ProbeAnswer } from "@/relay/routing/probe";
export { balanceFetchFor, BALANCE_TYPES, modelListingFor } from "@/relay/vendors";
export type { ModelListing, UpstreamGet } from "@/relay/vendors/shared/console-api";
