// The relay disabling one key of a multi-key channel (relay/routing/channel-health.ts autoDisable): the
// key is found by its value in the row as it is now, so a key an admin deleted after the routing cache
// was built never shifts the mark onto another key; the last enabled key takes the channel with it.
import { db } from "@/lib/server/db";
import { seal } from "@/lib/server/crypto/secret-box";
import type { CachedChannel } from "@/lib/server/cache/channel-cache";
import { autoDisable } from "@/relay/routing/channel-health";
import { setupApiHarness, setupRoot } from "@/test-support/api/harness";

setupApiHarness();

/** The routing cache's view of the channel when it held `keys` (before any admin change). */
function cached(id: number, keys: string[]): CachedChannel {
  return {
    id,
    type: 1,
    name: "multi",
    baseUrl: "",
    other: "",
    organization: "",
    keys,
    multiKey: { mode: "random", disabled: new Set(), pollIndex: 0 },
    modelMapping: null,
    statusCodeMapping: null,
    paramOverride: null,
    headerOverride: null,
    systemPrompt: "",
    setting: {},
    autoBan: true,
    priority: 0,
    weight: 0,
    createdTime: 0,
  } as unknown as CachedChannel;
}

const statusList = async (id: number) =>
  (
    JSON.parse((await db().channel.findUniqueOrThrow({ where: { id } })).channelInfo) as {
      multi_key_status_list: Record<string, number>;
    }
  ).multi_key_status_list;

beforeAll(async () => {
  await setupRoot();
});

test("a key deleted by an admin since the cache was built: the failing key is marked at its new place", async () => {
  const ch = await db().channel.create({
    data: { name: "multi", key: seal("k0\nk1\nk2"), channelInfo: JSON.stringify({ is_multi_key: true }) },
  });
  const view = cached(ch.id, ["k0", "k1", "k2"]);
  // the admin deletes k0: k1 and k2 move up one place
  await db().channel.update({ where: { id: ch.id }, data: { key: seal("k1\nk2") } });
  await autoDisable(view, 2, "upstream said 401");
  expect(await statusList(ch.id)).toEqual({ "1": 3 });
  expect((await db().channel.findUniqueOrThrow({ where: { id: ch.id } })).status).toBe(1);
});

test("a key no longer in the channel is not marked; the last enabled key takes the channel with it", async () => {
  const ch = await db().channel.create({
    data: { name: "multi2", key: seal("a\nb"), channelInfo: JSON.stringify({ is_multi_key: true }) },
  });
  const gone = cached(ch.id, ["a", "b", "c"]);
  await autoDisable(gone, 2, "gone");
  expect(JSON.parse((await db().channel.findUniqueOrThrow({ where: { id: ch.id } })).channelInfo)).toEqual({
    is_multi_key: true,
  });
  await autoDisable(cached(ch.id, ["a", "b"]), 0, "first");
  expect((await db().channel.findUniqueOrThrow({ where: { id: ch.id } })).status).toBe(1);
  await autoDisable(cached(ch.id, ["a", "b"]), 1, "second");
  const row = await db().channel.findUniqueOrThrow({ where: { id: ch.id } });
  expect(row.status).toBe(3);
  expect(await statusList(ch.id)).toEqual({ "0": 3, "1": 3 });
});
