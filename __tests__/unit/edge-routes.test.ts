// /api/x/ is served as /api/x by the server itself (no 308 from Next), query kept; nothing else moves.
// And the edge's route table (server/edge-routes.ts).
import { edgeRouteFor, withoutApiTrailingSlash } from "@/server/edge-routes";

test.each([
  ["/api/user/", "/api/user"],
  ["/api/user/?p=1&page_size=5", "/api/user?p=1&page_size=5"],
  ["/api/option//", "/api/option"],
  ["/api/token/search/?keyword=a/", "/api/token/search?keyword=a/"],
  ["/api/user", "/api/user"],
  ["/api/", "/api/"],
  // new-api's GET /api/models/ is another route than /api/models: the slash stays.
  ["/api/models/", "/api/models/"],
  ["/api/models", "/api/models"],
  ["/v1/models/", "/v1/models/"],
  ["/app/tokens/", "/app/tokens/"],
  ["/", "/"],
])("%s → %s", (input, expected) => {
  expect(withoutApiTrailingSlash(input)).toBe(expected);
});

// The edge's one table: what main.ts does with a request, from its method and path alone.
test.each([
  ["GET", "/healthz", "health"],
  ["GET", "/readyz", "health"],
  ["GET", "/metrics", "metrics"],
  ["HEAD", "/", "probe"],
  ["HEAD", "/api/hello", "probe"],
  ["GET", "/", "console"],
  ["POST", "/v1/chat/completions", "relay"],
  ["GET", "/v1beta/models", "relay"],
  ["POST", "/pg/chat/completions", "relay"],
  ["POST", "/mj/submit/imagine", "relay"],
  ["GET", "/api/usage/token", "relay"],
  ["GET", "/api/user/self", "console"],
  ["HEAD", "/v1/models", "relay"],
  ["GET", "/app/tokens", "console"],
] as const)("%s %s → %s", (method, pathname, route) => {
  expect(edgeRouteFor(method, pathname)).toBe(route);
});
