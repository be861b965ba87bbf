// One column list serves a DTO's select and its copy: the select names exactly those columns, the
// copy renames them to snake_case and leaves every other column of the row behind.
import { selectOf, snakeFields } from "@/lib/server/dto-fields";
import { toSessionUserDto, toUserDto, userDtoSelect, type UserRow } from "@/modules/users/server/dto";

test("selectOf selects exactly the listed columns", () => {
  expect(selectOf(["id", "usedQuota"])).toEqual({ id: true, usedQuota: true });
});

test("snakeFields copies the listed columns under snake_case names and nothing else", () => {
  const row = { id: 1, displayName: "A", linuxDoId: "x", password: "hash" };
  const copy: { id: number; display_name: string; linux_do_id: string } = snakeFields(row, [
    "id",
    "displayName",
    "linuxDoId",
  ]);
  expect(copy).toEqual({ id: 1, display_name: "A", linux_do_id: "x" });
  expect(Object.keys(copy)).not.toContain("password");
});

test("the user DTO copies every selected column once, converting the BigInt and nullable ones", () => {
  const row = Object.fromEntries(Object.keys(userDtoSelect).map((k) => [k, `v-${k}`])) as unknown as UserRow;
  Object.assign(row, { quota: 5n, usedQuota: 2n, affQuota: 1n, affHistoryQuota: 3n, affCode: null, deletedAt: null });
  const dto = toUserDto(row);
  expect(dto).toMatchObject({
    quota: 5,
    used_quota: 2,
    aff_quota: 1,
    aff_history_quota: 3,
    aff_code: "",
    DeletedAt: null,
  });
  expect(dto.display_name).toBe("v-displayName");
  expect(dto.last_login_at).toBe("v-lastLoginAt");
  // one output key per selected column
  expect(Object.keys(dto)).toHaveLength(Object.keys(userDtoSelect).length);
  expect(toSessionUserDto({ id: 1, username: "u", displayName: "U", role: 1, status: 1, group: "default" })).toEqual({
    id: 1,
    username: "u",
    display_name: "U",
    role: 1,
    status: 1,
    group: "default",
  });
});
