// Pure rules of the users table and the redemption drawer: which row actions an admin is offered
// (mirroring the server's role rules) and how the redemption draft becomes a payload.
import { canManageUser, rowActions, statusLabel } from "@/modules/users/components/user-labels";
import type { AdminUser } from "@/modules/users/client/api";
import {
  emptyRedemptionForm,
  formToPayload,
  fromLocalInput,
  isGreyed,
  toLocalInput,
} from "@/modules/redemptions/client/redemption-form";

const user = (over: Partial<AdminUser>): AdminUser =>
  ({ id: 2, username: "u", role: 1, status: 1, DeletedAt: null, ...over }) as AdminUser;
const ROOT = { role: 100 };
const ADMIN = { role: 10 };

describe("users table row actions", () => {
  test("root: promote a user, demote an admin, never disable/delete/demote root", () => {
    expect(rowActions(ROOT, user({ role: 1 }))).toEqual(["promote", "disable", "delete"]);
    expect(rowActions(ROOT, user({ role: 10 }))).toEqual(["demote", "disable", "delete"]);
    expect(rowActions(ROOT, user({ role: 100 }))).toEqual([]);
  });

  test("admin: manages users only, never promotes, nothing on admins or root", () => {
    expect(rowActions(ADMIN, user({ role: 1 }))).toEqual(["disable", "delete"]);
    expect(rowActions(ADMIN, user({ role: 10 }))).toEqual([]);
    expect(rowActions(ADMIN, user({ role: 100 }))).toEqual([]);
    expect(canManageUser(ADMIN, { role: 10 })).toBe(false);
    expect(canManageUser(null, { role: 1 })).toBe(false);
  });

  test("disable only when active; enable otherwise; cancelled users get nothing", () => {
    expect(rowActions(ROOT, user({ status: 2 }))).toEqual(["promote", "enable", "delete"]);
    expect(rowActions(ROOT, user({ DeletedAt: "2024-01-01T00:00:00.000Z" }))).toEqual([]);
    expect(statusLabel(user({ DeletedAt: "x" })).key).toBe("status_cancelled");
    expect(statusLabel(user({ status: 3 })).key).toBe("status_unknown");
  });
});

describe("redemption draft", () => {
  test("defaults make a valid create payload (quota 100000, count 1, generated key)", () => {
    const r = formToPayload(emptyRedemptionForm(), "create");
    expect(r).toEqual({
      ok: true,
      payload: expect.objectContaining({ quota: 100000, count: 1, max_uses: 1, key: "", name: "" }),
    });
  });

  test("messages are the server's keys", () => {
    const bad = (patch: Partial<ReturnType<typeof emptyRedemptionForm>>, mode: "create" | "edit" = "create") =>
      formToPayload({ ...emptyRedemptionForm(), ...patch }, mode);
    expect(bad({ count: "101" })).toMatchObject({ ok: false, message: "redemption_count_range" });
    expect(bad({ quota: "" })).toMatchObject({ ok: false, message: "redemption_quota_invalid" });
    expect(bad({ name: "x".repeat(21) })).toMatchObject({ ok: false, message: "redemption_name_length" });
    const window = { valid_from: "2030-01-02T00:00", valid_until: "2030-01-01T00:00" };
    expect(bad(window)).toMatchObject({ ok: false, message: "redemption_valid_range" });
    expect(bad(window, "edit")).toMatchObject({ ok: false, message: "redemption_valid_range" });
    expect(formToPayload({ ...emptyRedemptionForm(), unlimited: true }, "create")).toMatchObject({
      ok: true,
      payload: { max_uses: -1 },
    });
  });

  test("datetime-local round trip and greyed rows", () => {
    const t = fromLocalInput("2030-05-06T07:08");
    expect(toLocalInput(t)).toBe("2030-05-06T07:08");
    expect(fromLocalInput("")).toBe(0);
    expect(isGreyed({ status: 2, is_gift: false, max_uses: 1, used_count: 0 })).toBe(true);
    expect(isGreyed({ status: 1, is_gift: true, max_uses: 2, used_count: 2 })).toBe(true);
    expect(isGreyed({ status: 3, is_gift: false, max_uses: 1, used_count: 1 })).toBe(false);
  });
});
