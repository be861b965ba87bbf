import "server-only";

// The users module's door for other modules' server code (eslint.config.mjs, "doors"). Users own the
// user record and what keeps one identity to one account: the identity lock, e-mail normalisation and
// ownership, invite codes, the user DTOs. auth (sign-up, sign-in, verification) and profile (the own
// account) build on these; everything else under modules/users/ is the admin's user management.
export {
  EMAIL_CODE_TTL_SECONDS,
  EMAIL_VERIFY_PURPOSE,
  PASSWORD_RESET_PURPOSE,
  RESET_TOKEN_TTL_SECONDS,
  hasAliasSymbols,
  isDomainAllowed,
  normalizeEmail,
  parseDomainWhitelist,
} from "@/modules/users/server/email-rules";
export { assertEmailAvailable, findEmailOwner } from "@/modules/users/server/assert-email-available";
export { withIdentityLock } from "@/modules/users/server/identity-lock";
export { generateAffCode } from "@/modules/users/server/generate-aff-code";
export { toSelfUserDto, userDtoSelect } from "@/modules/users/server/dto";
export { assertCanManage } from "@/modules/users/server/manage-rules";
export {
  setupRootSchema,
  type LoginInput,
  type RegisterInput,
  type SetupBody,
  type UpdateSelfInput,
} from "@/modules/users/schemas/account";
