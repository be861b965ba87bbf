// The shared settings-section pattern: values from GET /api/option/, only changed keys sent (one
// PUT {key, value} per key, switches last), 你似乎并没有修改什么 / 保存成功 / 保存失败，请重试 /
// 部分保存失败，请重试, client-side
// rules with the spec's messages, secrets write-only, the password-login switch that asks first, and
// for an admin the root-only settings shown read-only and never sent (issue 17).
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import type { FieldSpec } from "@/modules/settings/components/option-fields";
import { OptionSection } from "@/modules/settings/components/option-section";
import { ROLE } from "@/lib/constants";
import { fakeStatus, renderAuth, zh } from "@/test-support/components/render-auth";

jest.mock("sonner", () => ({
  toast: Object.assign(jest.fn(), { success: jest.fn(), error: jest.fn(), info: jest.fn() }),
}));

const OPTIONS = [
  { key: "SystemName", value: "New API" },
  { key: "RegisterEnabled", value: "true" },
  { key: "RebatePercentage", value: "5" },
  { key: "PasswordLoginEnabled", value: "true" },
  { key: "SMTPToken", value: "", secret: true, is_set: true },
];

type Entry = { key: string; value: string };
type Call = { method: string; url: string; body?: Entry };
let calls: Call[] = [];
let failKeys = new Set<string>();
/** When set, PUTs wait for it: a save held in flight. */
let putGate: Promise<void> | undefined;

beforeEach(() => {
  calls = [];
  failKeys = new Set();
  putGate = undefined;
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method: init?.method ?? "GET", url, body });
    if (init?.method === "PUT" && putGate) await putGate;
    const ok = !failKeys.has((body as Entry | undefined)?.key ?? "");
    const json =
      init?.method === "PUT"
        ? { success: ok, message: ok ? "" : "返佣百分比必须在0到100之间", data: null }
        : { success: true, message: "", data: OPTIONS };
    return { ok: true, status: 200, headers: { has: () => false }, json: async () => json };
  }) as unknown as typeof fetch;
});

const FIELDS: FieldSpec[] = [
  { key: "SystemName", kind: "text" },
  { key: "RebatePercentage", kind: "number" },
  { key: "RegisterEnabled", kind: "bool" },
  { key: "PasswordLoginEnabled", kind: "bool", confirmOff: true },
  { key: "SMTPToken", kind: "secret" },
];

const asRole = (role: number) => ({ id: 1, username: "u", display_name: "u", role, status: 1, group: "default" });

async function renderSection(role: number = ROLE.root, fields: FieldSpec[] = FIELDS) {
  renderAuth(<OptionSection id="site" fields={fields} />, fakeStatus(), asRole(role));
  await waitFor(() => expect((screen.getByTestId("opt-SystemName") as HTMLInputElement).value).toBe("New API"));
}
const puts = () => calls.filter((c) => c.method === "PUT").map((c) => c.body);
const save = () => act(async () => fireEvent.click(screen.getByTestId("settings-save-site")));

test("nothing changed: no call, 你似乎并没有修改什么", async () => {
  await renderSection();
  await save();
  expect(toast.info).toHaveBeenCalledWith("你似乎并没有修改什么");
  expect(puts()).toEqual([]);
  // Typing the same value back is not a change either.
  fireEvent.change(screen.getByTestId("opt-SystemName"), { target: { value: "x" } });
  fireEvent.change(screen.getByTestId("opt-SystemName"), { target: { value: "New API" } });
  await save();
  expect(puts()).toEqual([]);
});

test("only the changed keys are sent, one PUT {key, value} each, switches last", async () => {
  await renderSection();
  fireEvent.click(screen.getByTestId("opt-RegisterEnabled"));
  fireEvent.change(screen.getByTestId("opt-SystemName"), { target: { value: "My Gateway" } });
  await save();
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith("保存成功"));
  expect(puts()).toEqual([
    { key: "SystemName", value: "My Gateway" },
    { key: "RegisterEnabled", value: "false" },
  ]);
});

test("one key refused, the others saved: 部分保存失败，请重试, and only the refused key stays a draft", async () => {
  await renderSection();
  failKeys = new Set(["RebatePercentage"]);
  fireEvent.change(screen.getByTestId("opt-RebatePercentage"), { target: { value: "50" } });
  fireEvent.change(screen.getByTestId("opt-SystemName"), { target: { value: "Renamed" } });
  fireEvent.click(screen.getByTestId("opt-RegisterEnabled"));
  await save();
  await waitFor(() =>
    expect(toast.error).toHaveBeenCalledWith("部分保存失败，请重试", {
      description: "错误：返佣百分比必须在0到100之间",
    }),
  );
  expect(puts()).toEqual([
    { key: "SystemName", value: "Renamed" },
    { key: "RebatePercentage", value: "50" },
    { key: "RegisterEnabled", value: "false" },
  ]);
  expect((screen.getByTestId("opt-RebatePercentage") as HTMLInputElement).value).toBe("50");
});

test("the spec's range message blocks the save; a refused save stores nothing: 保存失败", async () => {
  await renderSection();
  fireEvent.change(screen.getByTestId("opt-RebatePercentage"), { target: { value: "150" } });
  await save();
  expect(toast.error).toHaveBeenCalledWith("返佣百分比必须在0到100之间");
  expect(puts()).toEqual([]);

  failKeys = new Set(["RebatePercentage"]);
  fireEvent.change(screen.getByTestId("opt-RebatePercentage"), { target: { value: "50" } });
  await save();
  await waitFor(() =>
    expect(toast.error).toHaveBeenCalledWith("保存失败，请重试", {
      description: "错误：返佣百分比必须在0到100之间",
    }),
  );
});

test("secrets are write-only with a set/not-set hint; only root may type (others see why)", async () => {
  await renderSection(ROLE.admin);
  const input = screen.getByTestId("opt-SMTPToken") as HTMLInputElement;
  expect(input.type).toBe("password");
  expect(input.value).toBe("");
  expect(screen.getByText("已设置")).toBeTruthy();
  expect(input.disabled).toBe(true); // the site user here is not root
  expect(screen.getByText("仅超级管理员可以修改")).toBeTruthy();
});

test("an admin sees root-only settings read-only with a note, and a save sends only the allow-list", async () => {
  await renderSection(ROLE.admin);
  const register = screen.getByTestId("opt-RegisterEnabled");
  expect(register.hasAttribute("disabled")).toBe(true);
  expect(screen.getAllByText(zh.settings.root_only_field).length).toBe(2); // RegisterEnabled, PasswordLoginEnabled
  expect((screen.getByTestId("opt-SystemName") as HTMLInputElement).disabled).toBe(false);
  fireEvent.click(register); // a disabled switch does not change
  fireEvent.change(screen.getByTestId("opt-SystemName"), { target: { value: "Admin Named" } });
  await save();
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith("保存成功"));
  expect(puts()).toEqual([{ key: "SystemName", value: "Admin Named" }]);
});

test("for an admin a section of root-only settings explains itself and has no save button", async () => {
  const smtp: FieldSpec[] = [
    { key: "SMTPServer", kind: "text" },
    { key: "SMTPToken", kind: "secret" },
  ];
  renderAuth(<OptionSection id="site" fields={smtp} />, fakeStatus(), asRole(ROLE.admin));
  expect(await screen.findByText(zh.settings.root_only_section)).toBeTruthy();
  expect(screen.queryByTestId("settings-save-site")).toBeNull();
  expect((screen.getByTestId("opt-SMTPServer") as HTMLInputElement).disabled).toBe(true);
});

test("turning password login off asks; cancel restores the switch, confirm turns it off", async () => {
  await renderSection();
  const sw = screen.getByTestId("opt-PasswordLoginEnabled");
  expect(sw.getAttribute("aria-checked")).toBe("true");
  fireEvent.click(sw);
  fireEvent.click(await screen.findByTestId("opt-PasswordLoginEnabled-confirm-cancel"));
  expect(sw.getAttribute("aria-checked")).toBe("true");
  await save();
  expect(toast.info).toHaveBeenCalledWith("你似乎并没有修改什么");

  fireEvent.click(sw);
  fireEvent.click(await screen.findByTestId("opt-PasswordLoginEnabled-confirm-confirm"));
  expect(sw.getAttribute("aria-checked")).toBe("false");
  await save();
  await waitFor(() => expect(puts()).toEqual([{ key: "PasswordLoginEnabled", value: "false" }]));
});

test("an edit made while a save is in flight survives the save and is saved next", async () => {
  await renderSection();
  let release!: () => void;
  putGate = new Promise((r) => (release = r));
  const name = () => screen.getByTestId("opt-SystemName") as HTMLInputElement;
  fireEvent.change(name(), { target: { value: "First" } });
  await save();
  await waitFor(() => expect(puts()).toEqual([{ key: "SystemName", value: "First" }]));
  fireEvent.change(name(), { target: { value: "Second" } }); // typed while the PUT is pending
  await act(async () => release());
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith("保存成功"));
  expect(name().value).toBe("Second");
  await save();
  await waitFor(() =>
    expect(puts()).toEqual([
      { key: "SystemName", value: "First" },
      { key: "SystemName", value: "Second" },
    ]),
  );
});
