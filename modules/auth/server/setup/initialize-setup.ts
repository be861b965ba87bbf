import "server-only";

// POST /api/setup: creates the root account (when none exists), stores the usage mode, and marks
// setup done, all in one transaction. The setups row uses the fixed id 1, so two racing requests
// cannot both succeed.
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { hashPassword } from "@/lib/server/auth/password";
import { setupRootSchema, type SetupBody } from "@/modules/users/server";
import { ROLE, ROOT_INITIAL_QUOTA } from "@/lib/constants";
import { isSetupDone } from "@/lib/server/setup-done";
import { rootExists } from "@/modules/auth/server/setup/get-setup-status";
import { invalidateOptionsCache } from "@/lib/server/options/store";
import type { ServerMessageKey } from "@/lib/server/i18n/server-messages";
import { env } from "@/lib/env";

export async function initializeSetup(input: SetupBody): Promise<void> {
  if (await isSetupDone()) throw new AppError("bad_request", "setup_already_done");
  const needRoot = !(await rootExists());
  let root: { username: string; passwordHash: string } | null = null;
  if (needRoot) {
    const parsed = setupRootSchema.safeParse(input);
    if (!parsed.success) throw new AppError("bad_request", parsed.error.issues[0]!.message as ServerMessageKey);
    root = { username: parsed.data.username, passwordHash: await hashPassword(parsed.data.password) };
  }
  const now = Math.floor(Date.now() / 1000);
  try {
    await db().$transaction(async (tx) => {
      if (root) {
        await tx.user.create({
          data: {
            username: root.username,
            password: root.passwordHash,
            displayName: "Root User",
            role: ROLE.root,
            quota: BigInt(ROOT_INITIAL_QUOTA),
            createdAt: now,
          },
        });
      }
      for (const [key, value] of [
        ["SelfUseModeEnabled", String(input.SelfUseModeEnabled)],
        ["DemoSiteEnabled", String(input.DemoSiteEnabled)],
      ] as const) {
        await tx.option.upsert({ where: { key }, create: { key, value }, update: { value } });
      }
      await tx.setup.create({ data: { id: 1, version: env().VERSION, initializedAt: now } });
    });
  } catch (err) {
    if (await isSetupDone()) throw new AppError("bad_request", "setup_already_done");
    throw err;
  }
  invalidateOptionsCache();
}
