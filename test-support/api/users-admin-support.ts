// Shared by users-admin.test.ts and users-manage.engine.test.ts: root and one admin ("admin-one")
// signed in, and the rows the admin user routes change.
import { ROLE } from "@/lib/constants";
import { db } from "@/lib/server/db";
import { createUserAndLogin, login, ROOT_USER, setupApiHarness, setupRoot } from "./harness";

export type SignedInUser = Awaited<ReturnType<typeof createUserAndLogin>>;

/** For a beforeAll: sets up root, signs root in and creates a signed-in admin. */
export async function signInRootAndAdmin() {
  await setupRoot();
  const rootCookie = await login(ROOT_USER.username, ROOT_USER.password);
  const rootId = (await db().user.findUniqueOrThrow({ where: { username: ROOT_USER.username } })).id;
  const admin = await createUserAndLogin({ role: ROLE.admin, username: "admin-one" });
  return { rootCookie, rootId, admin };
}

/** setupApiHarness() plus a beforeAll that signs root and the admin in; read the fields in tests. */
export function setupUsersAdmin() {
  setupApiHarness();
  const signedIn = {} as Awaited<ReturnType<typeof signInRootAndAdmin>>;
  beforeAll(async () => {
    Object.assign(signedIn, await signInRootAndAdmin());
  });
  return signedIn;
}

export const userRow = (id: number) => db().user.findUniqueOrThrow({ where: { id } });
/** The type-3 (manage) logs of a user, oldest first. */
export const manageLogs = (userId: number) => db().log.findMany({ where: { userId, type: 3 }, orderBy: { id: "asc" } });
