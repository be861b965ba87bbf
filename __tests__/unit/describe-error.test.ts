// lib/client/describe-error.ts: failed calls become the console's error toast texts
// (401, 403, 429, 500, 405, other).
import { ApiError } from "@/lib/client/api";
import { describeError, globalErrorToast, UPDATE_FAILED } from "@/lib/client/describe-error";
import { catalogues } from "@/messages";

// A fake translator that shows which key (and values) was chosen.
const t = (key: string, values?: Record<string, string>) => (values ? `${key}:${JSON.stringify(values)}` : key);

test.each([
  [new ApiError("unauthorized", "whatever", 401), "unauthorized"],
  [new ApiError("rate_limited", "", 429), "too_many_requests"],
  [new ApiError("forbidden", "", 403, true), "browser_check"],
  [new ApiError("forbidden", "", 403), "forbidden"],
  // A 403 reads "permission denied" whatever the server said.
  [new ApiError("forbidden", "option_secret_root_only", 403), "forbidden"],
  [new ApiError("server", "boom", 500), "server_error"],
  [new ApiError("demo", "", 405), "demo_only"],
  [new ApiError("network", "", 0), "network"],
  [new ApiError("failed", "用户名已存在", 409), 'generic:{"message":"用户名已存在"}'],
  [new ApiError("failed", "", 418), 'generic:{"message":"418"}'],
])("%p -> %p", (err, text) => {
  expect(describeError(err, t)).toBe(text);
});

test("non-API errors show their message", () => {
  expect(describeError(new Error("kaput"), t)).toBe('generic:{"message":"kaput"}');
  expect(describeError("plain", t)).toBe('generic:{"message":"plain"}');
});

// The real zh catalogue: the error toast texts verbatim.
const zhErrors = catalogues.zh.errors as Record<string, string>;
const tz = (key: string, values?: Record<string, string>) =>
  zhErrors[key]!.replace(/\{(\w+)\}/g, (_, k: string) => values?.[k] ?? "");

test("zh texts: 403 without challenge, other failures prefixed with 错误：", () => {
  expect(describeError(new ApiError("forbidden", "服务器说的话", 403), tz)).toBe("错误：权限不足，请联系管理员！");
  expect(describeError(new ApiError("failed", "名称重复", 400), tz)).toBe("错误：名称重复");
});

test("a failed update reads 更新失败 with the cause below; silent and aborted stay quiet", () => {
  const err = new ApiError("failed", "名称重复", 400);
  expect(globalErrorToast(err, UPDATE_FAILED, tz)).toEqual({ title: "更新失败", description: "错误：名称重复" });
  expect(globalErrorToast(err, undefined, tz)).toEqual({ title: "错误：名称重复" });
  expect(globalErrorToast(err, { silent: true }, tz)).toBeNull();
  const abort = new Error("aborted");
  abort.name = "AbortError";
  expect(globalErrorToast(abort, undefined, tz)).toBeNull();
});
