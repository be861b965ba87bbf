// Rows the import leaves behind (a token of a user that does not exist, a subscription of a deleted
// user) keep their ids out of use: new rows get ids above them, so an old log's token id or
// subscription id never comes to name a new token or subscription.
import { db } from "@/lib/server/db";
import { setupApiHarness } from "@/test-support/api/harness";
import { fixtureFile, runCommand, tempDir } from "../import/import-support";

setupApiHarness();

/** Copies the row of `table` with the smallest id as `id`, with `set` applied (SQLite source). */
const cloneRow = (table: string, id: number, set: string) =>
  `CREATE TEMP TABLE c_${table} AS SELECT * FROM ${table} WHERE id = (SELECT MIN(id) FROM ${table});
   UPDATE c_${table} SET id = ${id}, ${set};
   INSERT INTO ${table} SELECT * FROM c_${table};`;

test("a skipped row's id is never given to a new row", async () => {
  const source = fixtureFile(tempDir(), {}, (src) => {
    src.exec(cloneRow("tokens", 800, "user_id = 77, key = 'skippedkey0000000000000000000000000000000000000'"));
    src.exec(cloneRow("user_subscriptions", 900, "user_id = 77"));
  });
  const run = await runCommand(["--from", source]);
  expect(run.code).toBe(0);
  const text = run.out.join("\n");
  expect(text).toContain("token 800: its user 77 does not exist");
  expect(await db().token.findUnique({ where: { id: 800 } })).toBeNull();
  expect(await db().userSubscription.findUnique({ where: { id: 900 } })).toBeNull();

  const user = await db().user.findFirstOrThrow({ where: { deletedAt: null }, orderBy: { id: "asc" } });
  const token = await db().token.create({ data: { userId: user.id, keyHash: "h-new", keyCipher: "", name: "new" } });
  expect(token.id).toBeGreaterThan(800);
  const sub = await db().userSubscription.create({ data: { userId: user.id, planId: 1 } });
  expect(sub.id).toBeGreaterThan(900);
});
