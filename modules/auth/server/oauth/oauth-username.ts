import "server-only";

// The username of an account registered through a provider: the provider
// login when it is a valid, free username of at most 20 characters, else `{prefix}{maxUserId + 1}`
// (the next free one, should someone already use that name).
import { USERNAME_MAX } from "@/lib/constants";
import type { Prisma } from "@/lib/server/db";

function usable(login: string): boolean {
  // No "@": password login treats a name with "@" as an email address too.
  return login.length > 0 && login.length <= USERNAME_MAX && /^[^\s@]+$/.test(login);
}

export async function pickOAuthUsername(tx: Prisma.TransactionClient, login: string, prefix: string): Promise<string> {
  const free = async (name: string) => !(await tx.user.findUnique({ where: { username: name }, select: { id: true } }));
  const wanted = login.trim();
  if (usable(wanted) && (await free(wanted))) return wanted;
  const max = await tx.user.aggregate({ _max: { id: true } });
  for (let n = (max._max.id ?? 0) + 1; ; n++) {
    const candidate = `${prefix}${n}`;
    if (await free(candidate)) return candidate;
  }
}
