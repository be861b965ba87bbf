export const DEFAULT_LANDING = "/app/tokens";

// Control characters (browsers strip tab, CR and LF from URLs: "/\t/evil.example" becomes
// "//evil.example") and backslashes (read as "/" by browsers), raw or percent-encoded.
const FORBIDDEN = /[\u0000-\u001f\u007f\\]|%(?:[01][0-9a-f]|7f|5c)/i;

/**
 * The path to open after login (password, OAuth and IM logins). The value must be a path on this
 * site: it is resolved against the page's origin, must stay on that origin, and may not contain
 * control characters or backslashes, so a crafted link cannot bounce a fresh session to another
 * origin ("//evil.example", "/\evil", "/%09/evil.example"). Anything else lands on the default page.
 */
export function safeReturnTo(value: string | null | undefined, origin = currentOrigin()): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || FORBIDDEN.test(value)) return DEFAULT_LANDING;
  try {
    const base = new URL(origin);
    const url = new URL(value, base);
    if (url.origin !== base.origin) return DEFAULT_LANDING;
    // Navigate to exactly what was checked, in its normalised form; normalising can itself produce a
    // protocol-relative path ("/.//evil.example" → "//evil.example").
    const path = `${url.pathname}${url.search}${url.hash}`;
    return path.startsWith("//") ? DEFAULT_LANDING : path;
  } catch {
    return DEFAULT_LANDING;
  }
}

function currentOrigin(): string {
  return typeof window !== "undefined" && window.location?.origin ? window.location.origin : "http://localhost";
}
