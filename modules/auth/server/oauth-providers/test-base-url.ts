import "server-only";

// The test-only replacement of a fixed provider's base URL (OAUTH_TEST_GITHUB_BASE_URL,
// OAUTH_TEST_LINUXDO_BASE_URL in lib/env.ts), for the fake providers of the OAuth tests. A
// production process never honours it.
import { env } from "@/lib/env";

export function testBaseUrl(key: "OAUTH_TEST_GITHUB_BASE_URL" | "OAUTH_TEST_LINUXDO_BASE_URL"): string | null {
  const e = env();
  const value = e[key];
  if (!value || e.NODE_ENV === "production") return null;
  return value.replace(/\/+$/, "");
}
