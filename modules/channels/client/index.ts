// The channels module's door for other modules' client code (eslint.config.mjs, "doors"). Channels
// own the groups (a group is what a channel serves): the user editor picks from the same list.
export { useGroupNames } from "@/modules/channels/client/hooks";
