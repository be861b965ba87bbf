// lib/client/describe-error.ts: failed calls become the toast text of spec 1 §8.
import { ApiError } from "@/lib/client/api";
import { describeError } from "@/lib/client/describe-error";

// A fake translator that shows which key (and values) was chosen.
const t = (key: string, values?: Record<string, string>) => (values ? `${key}:${JSON.stringify(values)}` : key);

test.each([
  [new ApiError("unauthorized", "whatever", 401), "unauthorized"],
  [new ApiError("rate_limited", "", 429), "too_many_requests"],
  [new ApiError("forbidden", "", 403, true), "browser_check"],
  [new ApiError("forbidden", "", 403), "forbidden"],
  [new ApiError("forbidden", "权限不足", 403), 'generic:{"message":"权限不足"}'],
  [new ApiError("server", "boom", 500), "server_error"],
  [new ApiError("demo", "", 405), "demo_only"],
  [new ApiError("network", "", 0), "network"],
  [new ApiError("failed", "用户名已存在", 409), "用户名已存在"],
  [new ApiError("failed", "", 418), 'generic:{"message":"418"}'],
])("%p -> %p", (err, text) => {
  expect(describeError(err, t)).toBe(text);
});

test("non-API errors show their message", () => {
  expect(describeError(new Error("kaput"), t)).toBe('generic:{"message":"kaput"}');
  expect(describeError("plain", t)).toBe('generic:{"message":"plain"}');
});
