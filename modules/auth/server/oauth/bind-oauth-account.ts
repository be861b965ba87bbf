import "server-only";

// Bind mode of GET /api/oauth/{provider}: the signed-in user adds a provider account as a way to
// sign in. An account already bound to another user (even a deleted one) is refused: binding it
// again would hand that user's sign-in to the caller (account takeover).
import { AppError } from "@/lib/server/http/app-error";
import { withIdentityLock } from "@/modules/users/server";
import type { OAuthProfile, OAuthProvider } from "@/modules/auth/server/oauth-providers/types";

export async function bindOAuthAccount(userId: number, provider: OAuthProvider, profile: OAuthProfile): Promise<void> {
  await provider.admit?.(profile);
  const column = provider.userField;
  await withIdentityLock(`oauth:${provider.id}:${profile.id}`, async (tx) => {
    const holder = await tx.user.findFirst({ where: { [column]: profile.id }, select: { id: true } });
    if (holder && holder.id !== userId) {
      throw new AppError("conflict", "oauth_already_bound", { provider: provider.label });
    }
    if (holder) return; // already bound to the caller
    await tx.user.update({ where: { id: userId }, data: { [column]: profile.id } });
  });
}
