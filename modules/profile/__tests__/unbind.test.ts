// POST /api/user/unbind: a user detaches a GitHub/OIDC/LinuxDO/WeChat/Telegram identity from their
// own account, never the account's only way in (no password and no other binding), never anything
// of another user; the e-mail is not unbindable (it is changed by binding another).
import * as unbindRoute from "@/app/api/user/unbind/route";
import { db } from "@/lib/server/db";
import { call, createUserAndLogin, setupApiHarness } from "@/test-support/api/harness";

setupApiHarness();

const unbind = (cookie: string | undefined, provider: string) =>
  call(unbindRoute, "POST", "/api/user/unbind", { cookie, body: { provider } });
const row = (id: number) => db().user.findUniqueOrThrow({ where: { id } });

test("a password account unbinds a bound identity", async () => {
  const user = await createUserAndLogin();
  await db().user.update({ where: { id: user.id }, data: { githubId: "gh-1", telegramId: "tg-1" } });
  const res = await unbind(user.cookie, "github");
  expect(res.json).toEqual({ success: true, message: "解绑成功", data: null });
  expect(await row(user.id)).toMatchObject({ githubId: "", telegramId: "tg-1" });
  // now free for someone else, and a second unbind says it is not bound
  expect((await unbind(user.cookie, "github")).json).toMatchObject({ success: false, message: "尚未绑定该账户" });
});

test("the only way into an account without a password is kept", async () => {
  const user = await createUserAndLogin();
  await db().user.update({ where: { id: user.id }, data: { password: "", oidcId: "sub-1", wechatId: "wx-1" } });
  // two identities: one of them may go
  expect((await unbind(user.cookie, "wechat")).json.success).toBe(true);
  const last = await unbind(user.cookie, "oidc");
  expect(last.status).toBe(409);
  expect(last.json.message).toBe("这是你唯一的登录方式：请先设置密码或绑定其他账户，再解绑");
  expect((await row(user.id)).oidcId).toBe("sub-1");
});

test("only the caller's own identities; unknown providers and visitors refused", async () => {
  const owner = await createUserAndLogin();
  const other = await createUserAndLogin();
  await db().user.update({ where: { id: owner.id }, data: { linuxDoId: "ld-9" } });
  expect((await unbind(other.cookie, "linuxdo")).json.message).toBe("尚未绑定该账户");
  expect((await row(owner.id)).linuxDoId).toBe("ld-9");
  for (const provider of ["email", "password", ""]) {
    const res = await unbind(owner.cookie, provider);
    expect(res.status).toBe(400);
    expect(res.json.message).toBe("不支持解绑该登录方式");
  }
  expect((await unbind(undefined, "linuxdo")).status).toBe(401);
  expect((await row(owner.id)).linuxDoId).toBe("ld-9");
});
