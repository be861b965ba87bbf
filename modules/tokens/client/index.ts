// The tokens module's door for other modules' client code (eslint.config.mjs, "doors").
export { fetchTokenKey, type TokenItem } from "@/modules/tokens/client/api";
