import "server-only";

// Login mode of GET /api/oauth/{provider}: the user bound to the provider account signs in; an
// unknown provider account registers a new user (when RegisterEnabled) with the provider's name,
// display name and e-mail, and the invite code carried by the state. A provider e-mail already used
// by another account is left out (never a reason to link the two: that would be an account
// takeover through the provider), the account is created without one.
import { z } from "zod";
import { db, type Prisma } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { getBoolOption } from "@/lib/server/options/store";
import { authUserSelect } from "@/lib/server/auth/current-user";
import { USER_STATUS, USERNAME_MAX } from "@/lib/constants";
import { generateAffCode } from "@/modules/users/server";
import { findInviter, initialQuota, loadSignupQuotas, recordSignupRewards } from "@/modules/auth/server/signup-rewards";
import { withIdentityLock } from "@/modules/users/server";
import { pickOAuthUsername } from "@/modules/auth/server/oauth/oauth-username";
import { assertEmailAvailable } from "@/modules/users/server";
import { normalizeEmail } from "@/modules/users/server";
import type { LoggedInUser } from "@/modules/auth/server/login-user";
import type { OAuthProfile, OAuthProvider } from "@/modules/auth/server/oauth-providers/types";

const EMAIL_MAX = 50;

async function boundUser(provider: OAuthProvider, providerUserId: string) {
  // A live account first; a deleted one still holds the provider account (names stay reserved).
  return db().user.findFirst({
    where: { [provider.userField]: providerUserId },
    orderBy: [{ deletedAt: { sort: "asc", nulls: "first" } }, { id: "asc" }],
    select: authUserSelect,
  });
}

async function signInBound(user: NonNullable<Awaited<ReturnType<typeof boundUser>>>): Promise<LoggedInUser> {
  if (user.deletedAt) throw new AppError("forbidden", "oauth_user_deleted");
  if (user.status !== USER_STATUS.enabled) throw new AppError("forbidden", "oauth_user_banned");
  await db().user.update({ where: { id: user.id }, data: { lastLoginAt: Math.floor(Date.now() / 1000) } });
  const { deletedAt: _deletedAt, ...rest } = user;
  return rest;
}

async function emailIsFree(tx: Prisma.TransactionClient, email: string): Promise<boolean> {
  try {
    await assertEmailAvailable(tx, email);
    return true;
  } catch (err) {
    if (err instanceof AppError) return false;
    throw err;
  }
}

function usableEmail(email: string): string {
  const e = email.trim();
  return e.length <= EMAIL_MAX && z.email().safeParse(e).success ? e : "";
}

export async function signInWithOAuth(
  provider: OAuthProvider,
  profile: OAuthProfile,
  affCode: string,
): Promise<LoggedInUser> {
  const existing = await boundUser(provider, profile.id);
  if (existing) return signInBound(existing);

  if (!(await getBoolOption("RegisterEnabled"))) throw new AppError("forbidden", "register_disabled");
  await provider.admit?.(profile);
  const created = await retryOnUniqueClash(() => registerLocked(provider, profile, affCode));

  // Lost the race: the other callback registered this provider account; sign in to it.
  if (!created) {
    const winner = await boundUser(provider, profile.id);
    if (!winner) throw new Error("the provider account registered by a concurrent callback is gone");
    return signInBound(winner);
  }
  const user = await db().user.findUniqueOrThrow({ where: { id: created.id }, select: authUserSelect });
  const { deletedAt: _deletedAt, ...rest } = user;
  return rest;
}

/**
 * Two different provider accounts registering at once may pick the same free username (or invite
 * code); the unique index refuses the second, which then picks again.
 */
async function retryOnUniqueClash<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if ((err as { code?: string }).code !== "P2002" || attempt >= 3) throw err;
    }
  }
}

/** Creates the account under the provider-account lock; null when a concurrent callback already did. */
async function registerLocked(provider: OAuthProvider, profile: OAuthProfile, affCode: string) {
  const quotas = await loadSignupQuotas();
  const now = Math.floor(Date.now() / 1000);
  return withIdentityLock(`oauth:${provider.id}:${profile.id}`, async (tx) => {
    // A concurrent callback for the same provider account may have registered it meanwhile.
    const raced = await tx.user.findFirst({ where: { [provider.userField]: profile.id }, select: { id: true } });
    if (raced) return null;
    const username = await pickOAuthUsername(tx, profile.username, provider.usernamePrefix);
    // The provider's address is kept only if no account uses it (any letter case), checked under the
    // same per-address lock as password registration and e-mail binding.
    let email = normalizeEmail(usableEmail(profile.email));
    if (email && !(await emailIsFree(tx, email))) email = "";
    const inviter = await findInviter(affCode, tx);
    const user = await tx.user.create({
      data: {
        username,
        password: "", // no password: this account signs in through the provider
        displayName: (profile.displayName.trim() || username).slice(0, USERNAME_MAX),
        email,
        [provider.userField]: profile.id,
        quota: initialQuota(quotas, inviter),
        inviterId: inviter?.id ?? 0,
        affCode: await generateAffCode(tx),
        createdAt: now,
        lastLoginAt: now,
      },
      select: { id: true, username: true },
    });
    await recordSignupRewards(tx, quotas, user, inviter);
    return user;
  });
}
