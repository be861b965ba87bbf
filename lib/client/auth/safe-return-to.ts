export const DEFAULT_LANDING = "/app/tokens";

/**
 * The path to open after login. Only same-site relative paths are honoured, so a crafted link
 * cannot bounce a fresh session to another origin ("//evil.example" and "/\evil" are
 * protocol-relative in browsers).
 */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return DEFAULT_LANDING;
  return value;
}
