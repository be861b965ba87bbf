import { parseStatusRanges, shouldDisable, shouldRetry, statusIn } from "@/relay/routing/channel-health";
import { RelayError } from "@/relay/kernel/errors";
import { checkRateLimit, findSensitiveWord, recordSuccess } from "@/relay/auth/protection";
import { ipAllowed, parseAllowList } from "@/lib/server/cache/ip-allow-list";

const RETRY = "100-199,300-399,401-407,409-499,500-503,505-523,525-599";
const upstream = (status: number, message = "x", code = "bad_response_status_code") =>
  new RelayError(status, message, { retryable: true, upstreamStatus: status, code });

test("retry rules follow the status ranges; 400, 408, 504, 524 and caller errors are not retried", () => {
  expect(statusIn(503, parseStatusRanges(RETRY))).toBe(true);
  expect(shouldRetry(upstream(500), RETRY)).toBe(true);
  expect(shouldRetry(upstream(429), RETRY)).toBe(true);
  for (const s of [400, 408, 504, 524]) expect(shouldRetry(upstream(s), RETRY)).toBe(false);
  expect(shouldRetry(new RelayError(400, "bad input"), RETRY)).toBe(false);
  expect(shouldRetry(new RelayError(500, "x", { code: "channel:no_available_key" }), RETRY)).toBe(true);
});

const classified = (status: number, message: string, fields: string[]) =>
  new RelayError(status, message, { retryable: true, upstreamStatus: status, upstreamClass: fields });

test("auto-disable on listed statuses or keywords only", () => {
  const keywords = "Your credit balance is too low\nPermission denied";
  expect(shouldDisable(upstream(401), "401", keywords)).toBe(true);
  expect(shouldDisable(upstream(500), "401", keywords)).toBe(false);
  expect(shouldDisable(upstream(403, "permission DENIED for key"), "401", keywords)).toBe(true);
  expect(shouldDisable(new RelayError(401, "Invalid API key"), "401", keywords)).toBe(false);
});

test("review 3 N4: text a request can make the upstream quote never disables a channel", () => {
  const keywords = "Your credit balance is too low\nPermission denied\nYou exceeded your current quota";
  // OpenAI's invalid-role 400 and Gemini's unknown-field 400 quote the request.
  const role = "Invalid value: 'Permission denied'. Supported values are: 'system', 'assistant', 'user'.";
  expect(shouldDisable(classified(400, role, ["invalid_request_error", "invalid_value"]), "401", keywords)).toBe(false);
  const field = 'Invalid JSON payload received. Unknown name "You exceeded your current quota": Cannot find field.';
  expect(shouldDisable(classified(400, field, ["invalid_argument"]), "401", keywords)).toBe(false);
  // Client-caused statuses never count, even when an admin lists them.
  for (const s of [400, 404, 413, 422, 429, 500])
    expect(shouldDisable(classified(s, "Permission denied", []), "400-599", keywords)).toBe(false);
});

test("review 3 N4: the vendor's own codes for a channel fault disable it, at any status", () => {
  const none = "";
  expect(
    shouldDisable(classified(401, "Incorrect API key", ["invalid_request_error", "invalid_api_key"]), "", none),
  ).toBe(true);
  expect(shouldDisable(classified(429, "quota", ["insufficient_quota"]), "", none)).toBe(true);
  expect(shouldDisable(classified(429, "slow down", ["rate_limit_error"]), "429", none)).toBe(false);
  expect(shouldDisable(classified(401, "x", ["error", "authentication_error"]), "", none)).toBe(true);
  expect(shouldDisable(classified(400, "API key not valid", ["invalid_argument", "api_key_invalid"]), "", none)).toBe(
    true,
  );
  expect(shouldDisable(classified(403, "x", ["unrecognizedclientexception"]), "", none)).toBe(true);
  // An admin keyword matches a classification field (underscores read as spaces).
  expect(shouldDisable(classified(400, "x", ["org_suspended"]), "", "org suspended")).toBe(true);
});

test("sliding-window rate limits count all requests and successes separately", async () => {
  const scope = `test:${Math.random()}`;
  const limit = { windowMs: 60_000, total: 3, success: 2 };
  expect(await checkRateLimit(scope, limit)).toBeNull();
  await recordSuccess(scope, 60_000);
  expect(await checkRateLimit(scope, limit)).toBeNull();
  await recordSuccess(scope, 60_000);
  expect(await checkRateLimit(scope, limit)).toBe("success");
  expect(await checkRateLimit(`${scope}b`, { windowMs: 60_000, total: 1, success: 0 })).toBeNull();
  expect(await checkRateLimit(`${scope}b`, { windowMs: 60_000, total: 1, success: 0 })).toBe("total");
});

test("sensitive words are found case-insensitively", async () => {
  expect(await findSensitiveWord("this has Test_Sensitive inside", "test_sensitive\nother")).toBe("test_sensitive");
  expect(await findSensitiveWord("clean text", "test_sensitive")).toBeNull();
  expect(await findSensitiveWord("anything", "")).toBeNull();
});

test("allow lists accept single addresses and CIDR, v4 and v6", () => {
  const list = parseAllowList("10.0.0.1\n192.168.1.0/24, ::1");
  expect(ipAllowed(list, "10.0.0.1")).toBe(true);
  expect(ipAllowed(list, "192.168.1.77")).toBe(true);
  expect(ipAllowed(list, "::ffff:192.168.1.8")).toBe(true);
  expect(ipAllowed(list, "::1")).toBe(true);
  expect(ipAllowed(list, "10.0.0.2")).toBe(false);
  expect(ipAllowed(parseAllowList(""), "1.2.3.4")).toBe(true);
});
