// Issue 17 item 5: the page opened after login (password, OAuth and IM logins all go through
// safeReturnTo) stays on the console's origin. "/%09/evil.example" is the reported bypass: browsers
// strip the tab and read "//evil.example".
import { DEFAULT_LANDING, safeReturnTo } from "@/modules/auth/client/safe-return-to";

const ORIGIN = "https://console.example";

test.each([
  "/\t/evil.example",
  "/%09/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/%0a/evil.example",
  "/\\evil.example",
  "/%5cevil.example",
  "\\/evil.example",
  "//evil.example/x",
  "/.//evil.example",
  "/app/..//evil.example",
  "/ /evil.example\u0000",
  "https://evil.example",
  "javascript:alert(1)",
  "app/tokens",
  "",
  null,
  undefined,
])("refuses %j", (value) => {
  expect(safeReturnTo(value, ORIGIN)).toBe(DEFAULT_LANDING);
});

test.each([
  ["/app/logs?p=2", "/app/logs?p=2"],
  ["/app/me#security", "/app/me#security"],
  ["/app/../admin/users", "/admin/users"],
  ["/app/tokens?q=%E4%B8%AD", "/app/tokens?q=%E4%B8%AD"],
])("keeps the same-origin path %j", (value, expected) => {
  expect(safeReturnTo(value, ORIGIN)).toBe(expected);
});

test("what it returns, resolved by a browser against the page, never leaves the origin", () => {
  for (const value of ["/\t/evil.example", "/app/x", "/%09/evil.example", "/.//evil.example"]) {
    const target = new URL(safeReturnTo(value, ORIGIN), ORIGIN);
    expect(target.origin).toBe(ORIGIN);
  }
});
