// Issue 17 items 2 and 9 through the console API: an admin cannot move a channel's stored key to a
// new destination, nor decide that channels may reach private addresses; a user does not read the
// admins' remark about them.
import * as channelRoute from "@/app/api/channel/route";
import * as fetchModelsRoute from "@/app/api/channel/fetch_models/route";
import * as testOneRoute from "@/app/api/channel/test/[id]/route";
import * as optionRoute from "@/app/api/option/route";
import * as selfRoute from "@/app/api/user/self/route";
import { ROLE } from "@/lib/constants";
import fs from "node:fs";
import path from "node:path";
import { db } from "@/lib/server/db";
import { invalidateOptionsCache } from "@/lib/server/options/store";
import {
  call,
  createUserAndLogin,
  login,
  ROOT_USER,
  setOptions,
  setupApiHarness,
  setupRoot,
  testDatabaseKind,
} from "@/test-support/api/harness";

setupApiHarness();

let admin: string;
let root: string;

beforeAll(async () => {
  await setupRoot();
  root = await login(ROOT_USER.username, ROOT_USER.password);
  admin = (await createUserAndLogin({ role: ROLE.admin })).cookie;
});

async function newChannel(): Promise<number> {
  const res = await call<{ ids: number[] }>(channelRoute, "POST", "/api/channel/", {
    cookie: admin,
    body: {
      type: 1,
      name: "c",
      key: "sk-stored-key",
      base_url: "https://api.example.com",
      models: "m",
      group: "default",
    },
  });
  expect(res.json.success).toBe(true);
  return res.json.data.ids[0]!;
}

describe("PUT /api/channel/: changing where the key goes needs the key", () => {
  test.each([
    ["base_url", { base_url: "https://attacker.example" }],
    ["type", { type: 14 }],
    ["header_override", { header_override: '{"x-forward":"1"}' }],
    ["param_override", { param_override: '{"stream":true}' }],
  ])("%s without the key is refused and nothing changes", async (_field, change) => {
    const id = await newChannel();
    const res = await call(channelRoute, "PUT", "/api/channel/", { cookie: admin, body: { id, ...change } });
    expect(res.status).toBe(400);
    expect(res.json.success).toBe(false);
    const row = await db().channel.findUniqueOrThrow({ where: { id } });
    expect(row.baseUrl).toBe("https://api.example.com");
    expect(row.type).toBe(1);
    expect(row.headerOverride ?? "").toBe("");
  });

  test("the full edit form (unchanged target, no key) and a retarget with the key are accepted", async () => {
    const id = await newChannel();
    const same = await call(channelRoute, "PUT", "/api/channel/", {
      cookie: admin,
      body: { id, type: 1, base_url: "https://api.example.com", name: "renamed", key: "" },
    });
    expect(same.json.success).toBe(true);
    const moved = await call(channelRoute, "PUT", "/api/channel/", {
      cookie: admin,
      body: { id, base_url: "https://other.example.com", key: "sk-new-key" },
    });
    expect(moved.json.success).toBe(true);
  });
});

describe("ChannelPrivateAddressEnabled", () => {
  // Review 3 N10: a fresh installation (no option row: the test templates store "true" for their
  // loopback mocks) refuses loopback channels on save, in fetch_models and in channel tests.
  test("is off by default: a 127.0.0.1 channel is refused with a clear message; root's switch allows it", async () => {
    await db().option.deleteMany({ where: { key: "ChannelPrivateAddressEnabled" } });
    invalidateOptionsCache();
    const local = { type: 1, name: "ollama", key: "sk-local", base_url: "http://127.0.0.1:9", models: "m" };
    const en = { "accept-language": "en" };
    const saved = await call(channelRoute, "POST", "/api/channel/", {
      cookie: admin,
      body: { ...local, group: "default" },
      headers: en,
    });
    expect([saved.status, saved.json.message]).toEqual([400, expect.stringMatching(/private or loopback/)]);
    const fetched = await call(fetchModelsRoute, "POST", "/api/channel/fetch_models", {
      cookie: root,
      body: { type: 1, base_url: local.base_url, key: local.key },
      headers: en,
    });
    expect([fetched.status, fetched.json.message]).toEqual([400, expect.stringMatching(/private or loopback/)]);
    // Ollama without a base URL means its default, http://localhost:11434: refused the same way.
    const ollama = await call(channelRoute, "POST", "/api/channel/", {
      cookie: admin,
      body: { ...local, type: 4, base_url: "", group: "default" },
      headers: en,
    });
    expect([ollama.status, ollama.json.message]).toEqual([400, expect.stringMatching(/private or loopback/)]);

    await setOptions({ ChannelPrivateAddressEnabled: "true" });
    const allowed = await call<{ ids: number[] }>(channelRoute, "POST", "/api/channel/", {
      cookie: admin,
      body: { ...local, group: "default" },
    });
    expect(allowed.json.success).toBe(true);
    const id = allowed.json.data.ids[0]!;
    // Port 9 answers nothing: the request went out, and what comes back names no upstream text.
    const down = await call(fetchModelsRoute, "POST", "/api/channel/fetch_models", {
      cookie: root,
      body: { type: 1, base_url: local.base_url, key: local.key },
      headers: en,
    });
    expect(down.json.message).toBe("Failed to fetch the model list: unreachable");

    // Switched off again: a channel saved meanwhile is refused when tested (checked at connect time).
    await setOptions({ ChannelPrivateAddressEnabled: "false" });
    const tested = await call(testOneRoute, "GET", `/api/channel/test/${id}`, {
      cookie: root,
      params: { id: String(id) },
    });
    expect(tested.json.success).toBe(false);
    expect(String(tested.json.message)).toMatch(/not public|内网|private/);
    await setOptions({ ChannelPrivateAddressEnabled: "true" });
  });

  test("upgrading: the migration keeps it on only where a channel has its own base URL, and never overrides root", async () => {
    const engine = testDatabaseKind() === "postgres" ? "prisma/postgres/migrations" : "prisma/migrations";
    const sql = fs.readFileSync(path.join(engine, "20261128000000_channel_private_address/migration.sql"), "utf8");
    const migrate = () => db().$executeRawUnsafe(sql.replace(/--.*$/gm, ""));
    const stored = async () =>
      (await db().option.findUnique({ where: { key: "ChannelPrivateAddressEnabled" } }))?.value ?? null;
    const channels = await db().channel.findMany({ select: { id: true, baseUrl: true } });
    try {
      await db().option.deleteMany({ where: { key: "ChannelPrivateAddressEnabled" } });
      // Only vendor-default addresses (no base URL of their own): the new default, off.
      await db().channel.updateMany({ data: { baseUrl: "" } });
      await migrate();
      expect(await stored()).toBeNull();
      // An Ollama channel on its default address (localhost) counts as self-hosted.
      const ollama = await newChannel();
      await db().channel.update({ where: { id: ollama }, data: { type: 4, baseUrl: "" } });
      await migrate();
      expect(await stored()).toBe("true");
      await db().channel.update({ where: { id: ollama }, data: { type: 1 } });
      await db().option.deleteMany({ where: { key: "ChannelPrivateAddressEnabled" } });
      // A self-hosted upstream exists: kept on, as it was before the upgrade.
      await newChannel();
      await migrate();
      expect(await stored()).toBe("true");
      // Root's own choice is never touched.
      await setOptions({ ChannelPrivateAddressEnabled: "false" });
      await migrate();
      expect(await stored()).toBe("false");
    } finally {
      for (const c of channels) await db().channel.update({ where: { id: c.id }, data: { baseUrl: c.baseUrl } });
      await setOptions({ ChannelPrivateAddressEnabled: "true" });
    }
  });

  test("is root's to change; when off, private and loopback base URLs are refused", async () => {
    const byAdmin = await call(optionRoute, "PUT", "/api/option/", {
      cookie: admin,
      body: { key: "ChannelPrivateAddressEnabled", value: "false" },
    });
    expect(byAdmin.status).toBe(403);
    const local = {
      type: 1,
      name: "ollama",
      key: "k",
      base_url: "http://127.0.0.1:11434",
      models: "m",
      group: "default",
    };
    expect((await call(channelRoute, "POST", "/api/channel/", { cookie: admin, body: local })).json.success).toBe(true);

    const byRoot = await call(optionRoute, "PUT", "/api/option/", {
      cookie: root,
      body: { key: "ChannelPrivateAddressEnabled", value: "false" },
    });
    expect(byRoot.json.success).toBe(true);
    for (const base_url of [
      "http://127.0.0.1:11434",
      "http://10.0.0.5",
      "http://[::1]:8000",
      "http://169.254.169.254",
    ]) {
      const res = await call(channelRoute, "POST", "/api/channel/", { cookie: admin, body: { ...local, base_url } });
      expect(res.status).toBe(400);
    }
    const id = await newChannel();
    const repoint = await call(channelRoute, "PUT", "/api/channel/", {
      cookie: admin,
      body: { id, key: "k", base_url: "http://192.168.1.2" },
    });
    expect(repoint.status).toBe(400);
  });
});

test("GET /api/user/self does not return the admins' remark", async () => {
  const user = await createUserAndLogin();
  await db().user.update({ where: { id: user.id }, data: { remark: "suspected reseller" } });
  const res = await call<Record<string, unknown>>(selfRoute, "GET", "/api/user/self", { cookie: user.cookie });
  expect(res.json.success).toBe(true);
  expect(res.json.data).not.toHaveProperty("remark");
  expect(JSON.stringify(res.json.data)).not.toContain("suspected reseller");
});
