// Any /api path that is not served answers 404 {success:false, message} in the caller's language,
// for every method, logged in or not (issue 22 B9); never the console's HTML page.
import * as catchAll from "@/app/api/[...path]/route";
import { call, createUserAndLogin, setupApiHarness } from "@/test-support/api/harness";

setupApiHarness();

let cookie = "";
beforeAll(async () => {
  cookie = (await createUserAndLogin()).cookie;
});

test.each(["GET", "POST", "PUT", "DELETE", "PATCH"] as const)("%s on an unknown path", async (method) => {
  for (const session of [undefined, cookie]) {
    const res = await call(catchAll, method, "/api/no/such/", {
      cookie: session,
      params: { path: ["no", "such"] },
      body: method === "GET" || method === "DELETE" ? undefined : { a: 1 },
    });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ success: false, message: expect.stringMatching(/\S/) });
    expect(res.headers.get("content-type")).toContain("application/json");
  }
});

test("the message is in the caller's language", async () => {
  const zh = await call(catchAll, "GET", "/api/nope", { headers: { "accept-language": "zh-CN" } });
  const en = await call(catchAll, "GET", "/api/nope", { headers: { "accept-language": "en" } });
  expect(zh.json.message).not.toBe(en.json.message);
  expect(en.json.message).toMatch(/[A-Za-z]/);
});
