// Shared set-up of the redemption tests: an admin session, code creation and the redeem call.
import * as listRoute from "@/app/api/redemption/route";
import * as topupRoute from "@/app/api/user/topup/route";
import { ROLE } from "@/lib/constants";
import { db } from "@/lib/server/db";
import { call, createUserAndLogin, login, ROOT_USER, setupRoot } from "./harness";

export type Code = Record<string, unknown> & {
  id: number;
  key: string;
  status: number;
  name: string;
  used_count: number;
};
export type Page = { items: Code[]; total: number; page: number; page_size: number };

export const session = { admin: "" };
let nameCounter = 0;
export const uniqueName = () => `c${++nameCounter}-${Date.now() % 100000}`;
export const now = () => Math.floor(Date.now() / 1000);

/** Call inside a test file after setupApiHarness(): root set up, an admin logged in. */
export function setupRedemptionAdmin() {
  beforeAll(async () => {
    await setupRoot();
    await login(ROOT_USER.username, ROOT_USER.password);
    session.admin = (await createUserAndLogin({ role: ROLE.admin })).cookie;
  });
}

export const create = (body: Record<string, unknown>, cookie = session.admin) =>
  call<string[]>(listRoute, "POST", "/api/redemption/", { cookie, body });
export const codeByKey = (key: string) => db().redemption.findUniqueOrThrow({ where: { key } });
export const redeem = (cookie: string, key: unknown) =>
  call<{ quota: number; is_gift: boolean }>(topupRoute, "POST", "/api/user/topup?turnstile=", {
    cookie,
    body: { key },
  });
export async function oneCode(extra: Record<string, unknown> = {}) {
  const res = await create({ name: uniqueName(), quota: 1000, ...extra });
  expect(res.json.success).toBe(true);
  return codeByKey(res.json.data[0]!);
}
