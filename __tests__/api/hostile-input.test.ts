// Hostile input on the console /api (issue 16): empty/malformed/deep bodies, ill-formed text in
// bodies, query strings and path params, and out-of-range numbers are 400 {success:false, message}
// before any database call; a Prisma input error is a 400, never a 500.
import { NextRequest } from "next/server";
import * as channelIdRoute from "@/app/api/channel/[id]/route";
import * as channelSearchRoute from "@/app/api/channel/search/route";
import * as tokenSearchRoute from "@/app/api/token/search/route";
import * as selfRoute from "@/app/api/user/self/route";
import * as userSearchRoute from "@/app/api/user/search/route";
import { route } from "@/lib/server/http/route";
import { call, createUserAndLogin, login, ROOT_USER, setupApiHarness, setupRoot } from "@/test-support/api/harness";

setupApiHarness();

let root = "";
let user = "";
beforeAll(async () => {
  await setupRoot();
  root = await login(ROOT_USER.username, ROOT_USER.password);
  user = (await createUserAndLogin({ username: "hostile" })).cookie;
});

type Refusal = { success: boolean; message: string; issues?: { message: string }[] };
const refused = (res: { status: number; json: Refusal }, message: RegExp) => {
  expect(res.status).toBe(400);
  // A refused schema lists its issues beside new-api's message, the first one being that message.
  const { issues, ...answer } = res.json;
  expect(answer).toEqual({ success: false, message: expect.stringMatching(message) });
  if (issues) expect(issues[0]?.message).toBe(answer.message);
};

test("PUT /api/user/self with an empty, blank or non-JSON body is refused", async () => {
  for (const body of ["", "   ", "not json", "{", "[1,"])
    refused(await call(selfRoute, "PUT", "/api/user/self", { cookie: user, body }), /请求体/);
  const en = await call(selfRoute, "PUT", "/api/user/self", {
    cookie: user,
    body: "",
    headers: { "accept-language": "en" },
  });
  expect(en.json.message).toMatch(/request body is empty/i);
});

test("bodies nested too deeply or holding NUL / lone surrogates are refused", async () => {
  const deep = "[".repeat(5000) + "]".repeat(5000);
  refused(await call(selfRoute, "PUT", "/api/user/self", { cookie: user, body: deep }), /嵌套/);
  for (const bad of ["\ud800", "a\u0000b", "x\udc00"])
    refused(
      await call(selfRoute, "PUT", "/api/user/self", { cookie: user, body: { display_name: bad } }),
      /display_name 含有非法字符/,
    );
  const badUtf8 = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]).toString("latin1");
  const req = new NextRequest("http://localhost/api/user/self", {
    method: "PUT",
    headers: { cookie: user, host: "localhost", "content-type": "application/json" },
    body: new Uint8Array(Buffer.from(badUtf8, "latin1")),
  });
  const res = await selfRoute.PUT(req, { params: Promise.resolve({}) });
  expect(res.status).toBe(400);
});

test("NUL or lone surrogates in user and token search queries are refused before the database", async () => {
  for (const q of ["keyword=%00", "keyword=a%00b", "group=%00"])
    refused(await call(userSearchRoute, "GET", `/api/user/search?${q}`, { cookie: root }), /含有非法字符/);
  for (const q of ["keyword=%00", "token=%00x"])
    refused(await call(tokenSearchRoute, "GET", `/api/token/search?${q}`, { cookie: user }), /含有非法字符/);
  // Broken escapes are decoded leniently by the URL parser and answered normally.
  const ok = await call(userSearchRoute, "GET", "/api/user/search?keyword=%E0%A4%A%ZZ%", { cookie: root });
  expect(ok.status).toBe(200);
});

test("a lone surrogate in a path param is refused", async () => {
  refused(await call(channelIdRoute, "GET", "/api/channel/x", { cookie: root, params: { id: "\ud800" } }), /id/);
});

test("out-of-range numbers in filters and ids are 400, not a database error", async () => {
  for (const q of [
    "status=1e26",
    "status=9223372036854775808",
    "status=2147483648",
    "statuses=1e26",
    "types=9223372036854775808",
    "type=-5",
    "p=1e300",
    "p=99999999999",
  ])
    refused(await call(channelSearchRoute, "GET", `/api/channel/search?${q}`, { cookie: root }), /参数错误/);
  for (const id of ["9223372036854775808", "2147483648", "1e3", "0x10", "-1"])
    refused(await call(channelIdRoute, "GET", `/api/channel/${id}`, { cookie: root, params: { id } }), /id/);
});

test("a Prisma validation error caused by input is a 400, any other exception a 500 with the request id", async () => {
  const prismaLike = Object.assign(new Error("Argument `id`: Invalid value provided"), {
    name: "PrismaClientValidationError",
  });
  const throwsPrisma = route({ role: "public" }, () => {
    throw prismaLike;
  });
  const a = await call({ GET: throwsPrisma }, "GET", "/api/x");
  expect(a.status).toBe(400);
  expect(a.json).toEqual({ success: false, message: "参数错误：数值或文本超出允许范围" });
  const bug = route({ role: "public" }, () => {
    throw new TypeError("x is not iterable");
  });
  const b = await call({ GET: bug }, "GET", "/api/x");
  expect(b.status).toBe(500);
  const id = b.headers.get("x-request-id");
  expect(id).toBeTruthy();
  expect(b.json).toEqual({ success: false, message: expect.stringContaining(id!) });
});
