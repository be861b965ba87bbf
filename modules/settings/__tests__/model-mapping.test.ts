// GET/PUT /api/model_mapping/ and POST /api/model_mapping/reload: admin only, the
// manager's validation messages, nothing stored on refusal, and reload
// picks up a change made behind the instance's back.
import * as mappingRoute from "@/app/api/model_mapping/route";
import * as reloadRoute from "@/app/api/model_mapping/reload/route";
import * as optionRoute from "@/app/api/option/route";
import { ROLE } from "@/lib/constants";
import { db } from "@/lib/server/db";
import { call, createUserAndLogin, setupApiHarness, setupRoot } from "@/test-support/api/harness";

setupApiHarness();

type Mapping = Record<string, { model: string; priorities: number }[]>;
let adminCookie = "";
let userCookie = "";

beforeAll(async () => {
  await setupRoot();
  adminCookie = (await createUserAndLogin({ role: ROLE.admin })).cookie;
  userCookie = (await createUserAndLogin()).cookie;
});

const get = async () =>
  (await call<{ mapping: Mapping }>(mappingRoute, "GET", "/api/model_mapping/", { cookie: adminCookie })).json.data
    .mapping;
const put = (mapping: unknown, cookie = adminCookie) =>
  call<{ mapping: Mapping }>(mappingRoute, "PUT", "/api/model_mapping/", { cookie, body: { mapping } });

test("visitors and ordinary users are refused and nothing changes", async () => {
  for (const cookie of ["", userCookie]) {
    const status = cookie ? 403 : 401;
    expect((await call(mappingRoute, "GET", "/api/model_mapping/", { cookie })).status).toBe(status);
    expect((await put({ v: [{ model: "a", priorities: 1 }] }, cookie)).status).toBe(status);
    expect((await call(reloadRoute, "POST", "/api/model_mapping/reload", { cookie })).status).toBe(status);
  }
  expect(await get()).toEqual({});
});

test("saves, normalises and answers the mapping", async () => {
  const res = await put({
    " smart ": [
      { model: " gpt-4o ", priorities: 10 },
      { model: "gpt-4o-mini", priorities: "5" },
    ],
  });
  expect(res.status).toBe(200);
  expect(res.json.message).toBe("模型映射已保存");
  const expected = {
    smart: [
      { model: "gpt-4o", priorities: 10 },
      { model: "gpt-4o-mini", priorities: 5 },
    ],
  };
  expect(res.json.data.mapping).toEqual(expected);
  expect(await get()).toEqual(expected);
  // The same document through the option API and as JSON text.
  const text = await put(JSON.stringify({ fast: [{ model: "a", priorities: 0 }] }));
  expect(text.json.data.mapping).toEqual({ fast: [{ model: "a", priorities: 0 }] });
  await put(expected);
});

const BAD: [string, unknown, string][] = [
  ["empty virtual name", { " ": [{ model: "a", priorities: 1 }] }, "请输入虚拟模型名"],
  [
    "duplicate virtual name (after trimming)",
    { smart: [{ model: "a", priorities: 1 }], "smart ": [{ model: "b", priorities: 1 }] },
    "虚拟模型名 smart 已存在",
  ],
  ["no actual model", { smart: [] }, "至少需要配置一个实际模型"],
  ["empty actual model name", { smart: [{ model: "", priorities: 1 }] }, "虚拟模型 smart 的实际模型名不能为空"],
  [
    "duplicate actual model",
    {
      smart: [
        { model: "a", priorities: 1 },
        { model: "a", priorities: 2 },
      ],
    },
    "虚拟模型 smart 的实际模型 a 重复",
  ],
  ["negative priority", { smart: [{ model: "a", priorities: -1 }] }, "优先级必须是不小于 0 的整数"],
  ["fractional priority", { smart: [{ model: "a", priorities: 1.5 }] }, "优先级必须是不小于 0 的整数"],
  ["missing priority", { smart: [{ model: "a" }] }, "优先级必须是不小于 0 的整数"],
  ["not a list", { smart: "a" }, "模型映射格式错误，应为「虚拟模型: [(model, priorities) 列表]」形式的 JSON 对象"],
  ["broken JSON text", "{smart", "模型映射格式错误，应为「虚拟模型: [(model, priorities) 列表]」形式的 JSON 对象"],
];

test.each(BAD)("refuses %s with its message and keeps the stored mapping", async (_name, mapping, message) => {
  const before = await get();
  const res = await put(mapping);
  expect(res.status).toBe(400);
  expect(res.json.message).toBe(message);
  expect(await get()).toEqual(before);
});

test("the option API applies the same rules to ModelMapping", async () => {
  const res = await call(optionRoute, "PUT", "/api/option/", {
    cookie: adminCookie,
    body: { key: "ModelMapping", value: JSON.stringify({ smart: [] }) },
  });
  expect(res.status).toBe(400);
  expect(res.json.message).toBe("至少需要配置一个实际模型");
});

test("reload re-reads a mapping changed in the database", async () => {
  const changed = { other: [{ model: "z", priorities: 3 }] };
  await db().option.update({ where: { key: "ModelMapping" }, data: { value: JSON.stringify(changed) } });
  expect(await get()).not.toEqual(changed); // still the cached copy
  const res = await call<{ mapping: Mapping }>(reloadRoute, "POST", "/api/model_mapping/reload", {
    cookie: adminCookie,
  });
  expect(res.status).toBe(200);
  expect(res.json.data.mapping).toEqual(changed);
  expect(await get()).toEqual(changed);
});
