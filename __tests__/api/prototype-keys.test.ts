// Issue 36: names of Object.prototype members where an admin or a user names a key. Option keys
// can only be mistakes (400, nothing stored); inside JSON maps (ratios, usable groups, the virtual
// model mapping) they are ordinary keys: a group "toString" is usable only when listed, a mapping
// "__proto__" is kept as written, and no answer is a 5xx or leaves a polluted prototype behind.
import * as optionRoute from "@/app/api/option/route";
import * as tokenRoute from "@/app/api/token/route";
import * as selfGroupsRoute from "@/app/api/user/self/groups/route";
import * as publicGroupsRoute from "@/app/api/user/groups/route";
import * as mappingRoute from "@/app/api/model_mapping/route";
import { db } from "@/lib/server/db";
import { PROTOTYPE_NAMES } from "@/test-support/prototype-names";
import { call, createUserAndLogin, setOptions, setupApiHarness } from "@/test-support/api/harness";
import { signInEveryRole } from "@/test-support/api/roles-support";

setupApiHarness();

let rootCookie = "";
let adminCookie = "";

beforeAll(async () => {
  ({ rootCookie, adminCookie } = await signInEveryRole());
});

afterEach(() => {
  // Nothing any request did may have given every object a new member.
  const probe = {} as Record<string, unknown>;
  expect([probe.polluted, probe.isAdmin, Object.getPrototypeOf(probe)]).toEqual([
    undefined,
    undefined,
    Object.prototype,
  ]);
});

test("PUT /api/option/ refuses option keys named like Object.prototype members, and stores nothing", async () => {
  for (const key of PROTOTYPE_NAMES) {
    const res = await call(optionRoute, "PUT", "/api/option/", {
      cookie: rootCookie,
      body: { key, value: '{"polluted": true}' },
      headers: { "accept-language": "en" },
    });
    expect([key, res.status, res.json.message]).toEqual([key, 400, `Unknown option: ${key}`]);
  }
  // Several keys in one write: refused as a whole.
  const batch = await call(optionRoute, "PUT", "/api/option/", {
    cookie: rootCookie,
    body: [
      { key: "RetryTimes", value: "2" },
      { key: "toString", value: "x" },
    ],
  });
  expect(batch.status).toBe(400);
  const stored = await db().option.findMany({ where: { key: { in: [...PROTOTYPE_NAMES, "RetryTimes"] } } });
  expect(stored).toEqual([]);
});

test("a token's group named like a prototype member is usable only when UserUsableGroups lists it", async () => {
  await setOptions({ UserUsableGroups: '{"default":"Default","vip":"VIP"}', GroupRatio: '{"default":1,"vip":1}' });
  const user = await createUserAndLogin();
  for (const group of ["toString", "constructor", "hasOwnProperty", "__proto__"]) {
    const res = await call(tokenRoute, "POST", "/api/token/", {
      cookie: user.cookie,
      body: { name: "t", group, unlimited_quota: true },
    });
    expect([group, res.status, res.json.success]).toEqual([group, 403, false]);
  }
  expect(await db().token.count({ where: { userId: user.id } })).toBe(0);
});

test("group lists with prototype-named groups answer them as ordinary groups", async () => {
  await setOptions({
    UserUsableGroups: '{"default":"Default","toString":"T","__proto__":"P"}',
    GroupRatio: '{"default":1,"toString":2,"__proto__":3}',
  });
  const user = await createUserAndLogin();
  const self = await call<Record<string, { ratio: number; desc: string }>>(
    selfGroupsRoute,
    "GET",
    "/api/user/self/groups",
    { cookie: user.cookie },
  );
  expect(self.status).toBe(200);
  expect(Object.entries(self.json.data)).toEqual([
    ["default", { desc: "Default", ratio: 1 }],
    ["toString", { desc: "T", ratio: 2 }],
    ["__proto__", { desc: "P", ratio: 3 }],
  ]);
  const open = await call<Record<string, unknown>>(publicGroupsRoute, "GET", "/api/user/groups");
  expect(open.status).toBe(200);
  expect(Object.keys(open.json.data)).toEqual(["default", "toString", "__proto__"]);
  // And such a group may be chosen for a token once listed.
  const token = await call(tokenRoute, "POST", "/api/token/", {
    cookie: user.cookie,
    body: { name: "t", group: "toString", unlimited_quota: true },
  });
  expect(token.json.success).toBe(true);
  await setOptions({ UserUsableGroups: '{"default":"Default","vip":"VIP"}', GroupRatio: '{"default":1,"vip":1}' });
});

test("a virtual model named __proto__ is kept as written, not swallowed as a prototype", async () => {
  const mapping = '{"__proto__":[{"model":"real-a","priorities":1}],"constructor":[{"model":"real-b","priorities":0}]}';
  const res = await call<{ mapping: Record<string, unknown> }>(mappingRoute, "PUT", "/api/model_mapping/", {
    cookie: adminCookie,
    body: { mapping },
  });
  expect(res.status).toBe(200);
  expect(Object.keys(res.json.data.mapping)).toEqual(["__proto__", "constructor"]);
  const stored = await db().option.findUniqueOrThrow({ where: { key: "ModelMapping" } });
  expect(Object.keys(JSON.parse(stored.value) as object)).toEqual(["__proto__", "constructor"]);
});
