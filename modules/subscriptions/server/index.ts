import "server-only";

// The subscriptions module's door for other modules' server code (eslint.config.mjs, "doors").
// Nothing outside calls in yet; relay billing (plans spent before the wallet) will come through here.
export { listSubscriptions } from "@/modules/subscriptions/server/list-subscriptions";
