// The channel list's status filter as new-api clients send it (issue 22 B6): ?status=enabled|disabled
// as well as numbers, where 0 / disabled means manually (2) or automatically (3) disabled; the same
// words work in the console's ?statuses list; tag mode keeps the spec's tag rows.
import * as channelRoute from "@/app/api/channel/route";
import * as searchRoute from "@/app/api/channel/search/route";
import { db } from "@/lib/server/db";
import { call, login, ROOT_USER, setupApiHarness, setupRoot } from "@/test-support/api/harness";
import { createChannel, type ChannelPage } from "@/test-support/api/channels-support";

setupApiHarness();

let root = "";

beforeAll(async () => {
  await setupRoot();
  root = await login(ROOT_USER.username, ROOT_USER.password);
  await createChannel(root, { name: "on", tag: "t" });
  await createChannel(root, { name: "manual-off", status: 2, tag: "t" });
  const auto = await createChannel(root, { name: "auto-off" });
  await db().channel.update({ where: { id: auto }, data: { status: 3 } });
});

const names = async (path: string) => {
  const res = await call<ChannelPage>(
    path.startsWith("/api/channel/search") ? searchRoute : channelRoute,
    "GET",
    path,
    {
      cookie: root,
    },
  );
  expect(res.status).toBe(200);
  return res.json.data.items.map((i) => i.name).sort();
};

test("status words and numbers", async () => {
  expect(await names("/api/channel/?status=enabled")).toEqual(["on"]);
  expect(await names("/api/channel/?status=1")).toEqual(["on"]);
  expect(await names("/api/channel/?status=disabled")).toEqual(["auto-off", "manual-off"]);
  expect(await names("/api/channel/?status=0")).toEqual(["auto-off", "manual-off"]);
  expect(await names("/api/channel/?status=DISABLED")).toEqual(["auto-off", "manual-off"]);
  expect(await names("/api/channel/?status=2")).toEqual(["manual-off"]);
  expect(await names("/api/channel/?status=3")).toEqual(["auto-off"]);
  // unknown values filter nothing, as in new-api
  expect(await names("/api/channel/?status=whatever")).toEqual(["auto-off", "manual-off", "on"]);
  expect(await names("/api/channel/search?statuses=disabled")).toEqual(["auto-off", "manual-off"]);
  expect(await names("/api/channel/search?statuses=enabled,3")).toEqual(["auto-off", "on"]);
});

test("tag mode with a status filter: the tag row holds only the matching children", async () => {
  const res = await call<ChannelPage>(channelRoute, "GET", "/api/channel/?tag_mode=true&status=disabled", {
    cookie: root,
  });
  const rows = res.json.data.items as unknown as { name: string; is_tag?: boolean; children?: { name: string }[] }[];
  const tag = rows.find((r) => r.is_tag)!;
  expect(tag).toMatchObject({ name: "t", status: 2 });
  expect(tag.children!.map((c) => c.name)).toEqual(["manual-off"]);
  expect(rows.filter((r) => !r.is_tag).map((r) => r.name)).toEqual(["auto-off"]);
});
