import "server-only";

// Password login by username or email. Failed attempts are counted per client address and, apart,
// per account (or per unknown name), and each limit refuses on its own. A success clears only its own
// account's counter: never the address counter, which would let an attacker with any account of
// their own reset it between guesses (issue 17). The same generic message answers a wrong password,
// an unknown user and a banned user, and an unknown name is compared against a dummy hash so it takes
// as long as a wrong password (no enumeration by message or timing).
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { verifyPasswordOrDummy } from "@/lib/server/auth/password";
import { blockedFor, consume, reset } from "@/lib/server/http/rate-limit";
import { getBoolOption } from "@/lib/server/options/store";
import { USER_STATUS } from "@/lib/constants";
import { authUserSelect, type AuthUser } from "@/lib/server/auth/current-user";
import type { LoginInput } from "@/modules/users/server";

export type LoggedInUser = Omit<AuthUser, "deletedAt">;

export async function loginUser(input: LoginInput, ip: string): Promise<LoggedInUser> {
  if (!(await getBoolOption("PasswordLoginEnabled"))) throw new AppError("forbidden", "login_password_disabled");
  const wait = await blockedFor("login_failures", ip);
  if (wait > 0) throw new AppError("rate_limited", "login_too_many_failures", { seconds: wait });

  const user = await db().user.findFirst({
    where: {
      deletedAt: null,
      // addresses are stored lower-cased by the e-mail features
      OR: [
        { username: input.username },
        ...(input.username.includes("@") ? [{ email: input.username }, { email: input.username.toLowerCase() }] : []),
      ],
    },
    select: { ...authUserSelect, password: true },
  });
  const account = user ? `id:${user.id}` : `name:${input.username.toLowerCase()}`;
  const accountWait = await blockedFor("login_account_failures", account);
  if (accountWait > 0) throw new AppError("rate_limited", "login_too_many_failures", { seconds: accountWait });

  // Logins have places of their own on the password thread (bcrypt-thread.ts LOGIN_RESERVE).
  const ok = await verifyPasswordOrDummy(input.password, user?.password, { login: true });
  if (!user || !ok || user.status !== USER_STATUS.enabled) {
    await consume("login_failures", ip);
    await consume("login_account_failures", account);
    throw new AppError("bad_request", "login_failed");
  }
  await reset("login_account_failures", account);
  await db().user.update({ where: { id: user.id }, data: { lastLoginAt: Math.floor(Date.now() / 1000) } });
  const { password: _password, deletedAt: _deletedAt, ...rest } = user;
  return rest;
}
