import "server-only";

// Detaches a GitHub / OIDC / LinuxDO / WeChat / Telegram identity from the caller's account. The
// one rule: an account must keep a way to sign in, so the last identity of an account without a
// password is refused (accounts created through a provider have none until they set one in
// /app/me). Runs under the identity lock so it cannot interleave with a bind of the same account.
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import type { UnbindableProvider } from "@/modules/profile/schemas/unbind";
import { withIdentityLock } from "@/modules/users/server";

const FIELD = {
  github: "githubId",
  oidc: "oidcId",
  linuxdo: "linuxDoId",
  wechat: "wechatId",
  telegram: "telegramId",
} as const satisfies Record<UnbindableProvider, string>;

export async function unbindIdentity(userId: number, provider: UnbindableProvider): Promise<void> {
  const user = await db().user.findUniqueOrThrow({ where: { id: userId } });
  const field = FIELD[provider];
  const current = user[field];
  if (!current) throw new AppError("bad_request", "unbind_not_bound");
  const lockName =
    provider === "wechat" || provider === "telegram" ? `im:${provider}:${current}` : `oauth:${provider}:${current}`;
  await withIdentityLock(lockName, async (tx) => {
    const fresh = await tx.user.findUniqueOrThrow({ where: { id: userId } });
    if (!fresh[field]) throw new AppError("bad_request", "unbind_not_bound");
    const others = Object.values(FIELD).some((f) => f !== field && fresh[f] !== "");
    if (!fresh.password && !others) throw new AppError("conflict", "unbind_last_method");
    await tx.user.update({ where: { id: userId }, data: { [field]: "" } });
  });
}
