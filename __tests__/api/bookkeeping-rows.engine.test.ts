// The bookkeeping writer and rows the database refuses (review 3, N5). On PostgreSQL a NUL in a log
// row (a model name quoted by an error log) failed the whole flush, which was retried as a whole for
// ever: no later balance or log of anyone persisted, and every quota edit waiting on the flush got a
// 500. Now text is cleaned before a row is queued, and a row that still fails (here a NULL where the
// column is NOT NULL: refused by both engines) is set aside while the balances and the other rows
// persist. Engine file: the flush is raw SQL per dialect, and PostgreSQL is the engine that refuses NUL.
import * as manageRoute from "@/app/api/user/manage/route";
import { LOG_TYPE } from "@/lib/constants";
import { db } from "@/lib/server/db";
import { flushBookkeeping, queueLog, type LogRow } from "@/lib/server/ledger/bookkeeping";
import { reserve, settle } from "@/lib/server/ledger/ledger";
import { call, createUser, login, ROOT_USER, setupApiHarness, setupRoot } from "@/test-support/api/harness";

setupApiHarness();

let rootCookie = "";
beforeAll(async () => {
  await setupRoot();
  rootCookie = await login(ROOT_USER.username, ROOT_USER.password);
});

function logRow(userId: number, requestId: string, over: Partial<LogRow> = {}): LogRow {
  return {
    createdAt: Math.floor(Date.now() / 1000),
    type: LOG_TYPE.error,
    content: "plain",
    userId,
    username: "u",
    tokenName: "",
    tokenId: 0,
    modelName: "m",
    quota: 0,
    promptTokens: 0,
    completionTokens: 0,
    useTime: 0,
    isStream: false,
    channelId: 0,
    group: "default",
    ip: "",
    requestId,
    other: "{}",
    ...over,
  };
}

/** A settled charge of `amount` on the user: a balance delta for the next flush. */
async function charge(userId: number, amount: number): Promise<void> {
  const r = await reserve(userId, null, amount);
  if (!r.ok) throw new Error(`reserve failed: ${r.reason}`);
  await settle(r.reservation, amount, 0);
}

const logsOf = (userId: number) =>
  db().log.findMany({ where: { userId }, select: { requestId: true, modelName: true, content: true } });

test("a row the database refuses is set aside: balances and the other logs persist, quota edits work", async () => {
  const user = await createUser({ quota: 1000 });
  await charge(user.id, 40);
  queueLog(logRow(user.id, "before"));
  // bypasses the cleaning (not a string): the database itself refuses it
  queueLog(logRow(user.id, "refused", { content: null as unknown as string }));
  // a client's model name with a NUL, quoted in an error text: PostgreSQL refused it
  queueLog(logRow(user.id, "nul", { modelName: "x\u0000y", content: "Model x\u0000y has no price" }));
  queueLog(logRow(user.id, "lone", { content: "cut \ud83d" }));
  queueLog(logRow(user.id, "after"));
  await flushBookkeeping();

  expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).quota).toBe(960n);
  const logs = await logsOf(user.id);
  expect(logs.map((l) => l.requestId).sort()).toEqual(["after", "before", "lone", "nul"]);
  expect(logs.find((l) => l.requestId === "nul")).toMatchObject({
    modelName: "x\ufffdy",
    content: "Model x\ufffdy has no price",
  });
  expect(logs.find((l) => l.requestId === "lone")?.content).toBe("cut \ufffd");

  // the writer is not stuck: later charges persist, and an admin's quota edit (which waits on a
  // flush) succeeds instead of answering 500
  await charge(user.id, 10);
  const edit = await call(manageRoute, "POST", "/api/user/manage", {
    cookie: rootCookie,
    body: { id: user.id, action: "add_quota", mode: "add", value: 100 },
  });
  expect(edit.status).toBe(200);
  expect(edit.json).toMatchObject({ success: true });
  expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).quota).toBe(1050n);
});
