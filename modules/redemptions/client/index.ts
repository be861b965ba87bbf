// The redemptions module's door for other modules' client code (eslint.config.mjs, "doors"): the
// wallet's redeem dialog checks a code with the same schema as POST /api/user/topup.
export { redeemSchema } from "@/modules/redemptions/schemas";
