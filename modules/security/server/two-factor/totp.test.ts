// RFC 6238 appendix B's SHA-1 vectors (their 8-digit codes, last 6 digits) and the ±1 step window.
import { base32Decode, base32Encode, hotp, matchingStep, otpauthUri, stepAt } from "./totp";

const RFC_SECRET = base32Encode(Buffer.from("12345678901234567890"));

test.each([
  [59, "287082"],
  [1111111109, "081804"],
  [1111111111, "050471"],
  [1234567890, "005924"],
  [2000000000, "279037"],
])("at %i s the code is %s", (time, code) => {
  expect(hotp(base32Decode(RFC_SECRET), stepAt(time))).toBe(code);
  expect(matchingStep(RFC_SECRET, code, time)).toBe(stepAt(time));
});

test("the previous and next steps match, two steps away does not", () => {
  const t = 1111111109;
  const key = base32Decode(RFC_SECRET);
  expect(matchingStep(RFC_SECRET, hotp(key, stepAt(t) - 1), t)).toBe(stepAt(t) - 1);
  expect(matchingStep(RFC_SECRET, hotp(key, stepAt(t) + 1), t)).toBe(stepAt(t) + 1);
  expect(matchingStep(RFC_SECRET, hotp(key, stepAt(t) - 2), t)).toBeNull();
  expect(matchingStep(RFC_SECRET, "12345", t)).toBeNull();
});

test("base32 round trip and the otpauth URI", () => {
  expect(base32Decode(base32Encode(Buffer.from("hello world")))).toEqual(Buffer.from("hello world"));
  const uri = new URL(otpauthUri("ABC", "alice", "My Gate"));
  expect(uri.protocol).toBe("otpauth:");
  expect(decodeURIComponent(uri.host + uri.pathname)).toBe("totp/My Gate:alice");
  expect(uri.searchParams.get("secret")).toBe("ABC");
  expect(uri.searchParams.get("issuer")).toBe("My Gate");
});
