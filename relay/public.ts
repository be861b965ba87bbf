import "server-only";

// The relay's public entry for the console's services (channel test, balance checks): the only
// relay module they import, so the relay's inside can move without touching them.
export { autoDisable } from "@/relay/routing/channel-health";
export { prepareProbe, type Probe, type ProbeAnswer } from "@/relay/routing/probe";
