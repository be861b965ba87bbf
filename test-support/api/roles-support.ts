// Root, an admin and an ordinary user signed in: the three callers a role-gated admin API test
// compares (shared by options.test.ts and log-retention.test.ts).
import { ROLE } from "@/lib/constants";
import { createUserAndLogin, login, ROOT_USER, setupRoot } from "./harness";

/** For a beforeAll: sets up root and returns the session cookies of root, a new admin and a new user. */
export async function signInEveryRole() {
  await setupRoot();
  return {
    rootCookie: await login(ROOT_USER.username, ROOT_USER.password),
    adminCookie: (await createUserAndLogin({ role: ROLE.admin })).cookie,
    userCookie: (await createUserAndLogin()).cookie,
  };
}
