import "server-only";

// WeChat sign-in of an id no account holds yet registers one, when
// registration is open: username wechat_<next id>, display name "WeChat User", no password (like
// the OAuth sign-ups: the user may set a first one in /app/me), the new-user quota. Looking up and creating run under a lock on the id (users/identity-lock.ts), so two
// sign-ins racing with one new id create one account.
import { randomBytes } from "node:crypto";
import { AppError } from "@/lib/server/http/app-error";
import { getBoolOption } from "@/lib/server/options/store";
import { withIdentityLock } from "@/modules/users/server";
import { initialQuota, loadSignupQuotas, recordSignupRewards } from "@/modules/auth/server/signup-rewards";
import { generateAffCode } from "@/modules/users/server";

export const WECHAT_USERNAME_PREFIX = "wechat_";
export const WECHAT_DISPLAY_NAME = "WeChat User";

/** The id of the account bound to `wechatId`, registering one first when there is none. */
export async function findOrRegisterWeChatUser(wechatId: string): Promise<number> {
  const registerEnabled = await getBoolOption("RegisterEnabled");
  const quotas = await loadSignupQuotas();

  return withIdentityLock(`im:wechat:${wechatId}`, async (tx) => {
    const holder = await tx.user.findFirst({ where: { wechatId }, select: { id: true }, orderBy: { id: "asc" } });
    if (holder) return holder.id;
    if (!registerEnabled) throw new AppError("forbidden", "register_disabled");

    const last = await tx.user.findFirst({ select: { id: true }, orderBy: { id: "desc" } });
    let username = `${WECHAT_USERNAME_PREFIX}${(last?.id ?? 0) + 1}`;
    if (await tx.user.findUnique({ where: { username }, select: { id: true } })) {
      username = `${WECHAT_USERNAME_PREFIX}${randomBytes(4).toString("hex")}`;
    }
    const user = await tx.user.create({
      data: {
        username,
        password: "", // none until the user sets one in /app/me: the account signs in with WeChat
        displayName: WECHAT_DISPLAY_NAME,
        wechatId,
        quota: initialQuota(quotas, null),
        affCode: await generateAffCode(tx),
        createdAt: Math.floor(Date.now() / 1000),
      },
      select: { id: true, username: true },
    });
    await recordSignupRewards(tx, quotas, user, null);
    return user.id;
  });
}
