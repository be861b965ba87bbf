// /api/x/ is served as /api/x by the server itself (no 308 from Next), query kept; nothing else moves.
import { withoutApiTrailingSlash } from "@/server/http/api-path";

test.each([
  ["/api/user/", "/api/user"],
  ["/api/user/?p=1&page_size=5", "/api/user?p=1&page_size=5"],
  ["/api/option//", "/api/option"],
  ["/api/token/search/?keyword=a/", "/api/token/search?keyword=a/"],
  ["/api/user", "/api/user"],
  ["/api/", "/api/"],
  ["/v1/models/", "/v1/models/"],
  ["/app/tokens/", "/app/tokens/"],
  ["/", "/"],
])("%s → %s", (input, expected) => {
  expect(withoutApiTrailingSlash(input)).toBe(expected);
});
