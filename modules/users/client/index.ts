// The users module's door for other modules' client code (eslint.config.mjs, "doors"): the account
// schemas (a user's name, password and profile fields) the sign-in, sign-up, setup and own-account
// forms check with, the same ones their routes parse.
export {
  loginSchema,
  setupRootSchema,
  updateSelfSchema,
  usernameSchema,
  type LoginInput,
  type SetupBody,
  type UpdateSelfInput,
} from "@/modules/users/schemas/account";
