// The subscriptions module's door for other modules' client code (eslint.config.mjs, "doors").
// Nothing outside uses it yet: the wallet page composes the subscription cards in app/.
export { subscriptionKeys } from "@/modules/subscriptions/client/keys";
