import "server-only";

// Pure rules for the addresses the e-mail features accept: addresses are
// compared and stored lower-cased; an optional domain whitelist (EmailDomainRestrictionEnabled +
// EmailDomainWhitelist, exact domains) and an optional alias block (EmailAliasRestrictionEnabled:
// "+" or "." in the local part, which would let one inbox hold many accounts).

/** Verification codes live 3 minutes; reset links 15 minutes. */
export const EMAIL_CODE_TTL_SECONDS = 180;
export const RESET_TOKEN_TTL_SECONDS = 900;
export const EMAIL_VERIFY_PURPOSE = "email_verify";
export const PASSWORD_RESET_PURPOSE = "password_reset";

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function splitAddress(email: string): { local: string; domain: string } {
  const at = email.lastIndexOf("@");
  return at < 0 ? { local: email, domain: "" } : { local: email.slice(0, at), domain: email.slice(at + 1) };
}

/** The comma-separated whitelist option as a list of lower-case domains. */
export function parseDomainWhitelist(value: string): string[] {
  return value
    .split(/[,\s]+/)
    .map((d) => d.trim().toLowerCase().replace(/^@/, ""))
    .filter(Boolean);
}

export function isDomainAllowed(email: string, whitelist: string[]): boolean {
  const { domain } = splitAddress(normalizeEmail(email));
  return domain !== "" && whitelist.includes(domain);
}

export function hasAliasSymbols(email: string): boolean {
  const { local } = splitAddress(normalizeEmail(email));
  return local.includes("+") || local.includes(".");
}
