// A refused save carries every zod issue (route()'s additive `issues` beside new-api's message):
// apiFetch keeps the well-formed ones on the ApiError, and the forms put each under its field.
import { ApiError, apiFetch } from "@/lib/client/api";
import { serverFieldErrors } from "@/lib/client/form-issues";

const realFetch = global.fetch;
afterEach(() => {
  global.fetch = realFetch;
});

function answer(status: number, body: unknown) {
  global.fetch = (async () => new Response(JSON.stringify(body), { status })) as typeof fetch;
}

test("a 400's issues reach the ApiError; a malformed issue is dropped", async () => {
  answer(400, {
    success: false,
    message: "请输入令牌名称",
    issues: [
      { path: ["name"], message: "请输入令牌名称" },
      { path: ["remain_quota"], message: "额度必须是整数" },
      { path: "name", message: "not a path" },
      { path: [{}], message: "not a key" },
      "not an issue",
    ],
  });
  const error = await apiFetch("/api/token/", { method: "POST", body: {} }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).message).toBe("请输入令牌名称");
  expect((error as ApiError).issues).toEqual([
    { path: ["name"], message: "请输入令牌名称" },
    { path: ["remain_quota"], message: "额度必须是整数" },
  ]);
});

test("new-api's plain error answer has no issues", async () => {
  answer(400, { success: false, message: "bad" });
  const error = (await apiFetch("/api/x").catch((e: unknown) => e)) as ApiError;
  expect(error.issues).toEqual([]);
});

test("every refused field gets its first message, under the form's place in the body", () => {
  const error = new ApiError("failed", "a", 400, false, [
    { path: ["channel", "name"], message: "name required" },
    { path: ["channel", "name"], message: "name too long" },
    { path: ["channel", "models", 0], message: "bad model" },
    { path: ["mode"], message: "bad mode" },
  ]);
  expect(serverFieldErrors(error, ["channel"])).toEqual({ name: "name required", models: "bad model" });
  expect(serverFieldErrors(error)).toEqual({ channel: "name required", mode: "bad mode" });
  expect(serverFieldErrors(new Error("network"))).toEqual({});
});
