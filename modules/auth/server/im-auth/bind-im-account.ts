import "server-only";

// Binds a WeChat or Telegram id to the signed-in user. No account takeover: an id held by any other
// account (soft-deleted ones included) is refused, decided under a lock on the id (users/identity-lock.ts)
// so two users racing for one id cannot both win. Binding the id one already holds is a no-op;
// binding a new id replaces the old one (rebinding, as the peers allow).
import { AppError } from "@/lib/server/http/app-error";
import { withIdentityLock } from "@/modules/users/server";
import { IM_PROVIDERS, type ImProvider } from "@/modules/auth/server/im-auth/im-providers";

export async function bindImAccount(userId: number, provider: ImProvider, externalId: string): Promise<void> {
  const { column, boundElsewhere } = IM_PROVIDERS[provider];
  await withIdentityLock(`im:${provider}:${externalId}`, async (tx) => {
    const holders = await tx.user.findMany({ where: { [column]: externalId }, select: { id: true }, take: 2 });
    if (holders.some((h) => h.id !== userId)) throw new AppError("conflict", boundElsewhere);
    if (holders.length) return;
    const updated = await tx.user.updateMany({
      where: { id: userId, deletedAt: null },
      data: { [column]: externalId },
    });
    if (updated.count !== 1) throw new AppError("not_found", "user_not_found");
  });
}
