// The shared settings-section pattern: values from GET /api/option/, only changed keys sent (one
// PUT each, switches last), 你似乎并没有修改什么 / 保存成功 / 部分保存失败，请重试, client-side rules
// with the spec's messages, secrets write-only, and the password-login switch that asks first.
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import type { FieldSpec } from "@/components/settings/option-fields";
import { OptionSection } from "@/components/settings/option-section";
import { renderAuth } from "./render-auth";

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

type Call = { method: string; url: string; body?: { key: string; value: string } };
let calls: Call[] = [];
let failKeys = new Set<string>();

beforeEach(() => {
  calls = [];
  failKeys = new Set();
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method: init?.method ?? "GET", url, body });
    const ok = !(body && failKeys.has(body.key));
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

async function renderSection() {
  renderAuth(<OptionSection id="site" fields={FIELDS} />);
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

test("only the changed keys are sent, one PUT each, switches last", async () => {
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

test("the spec's range message blocks the save; a failed PUT among several is a partial failure", async () => {
  await renderSection();
  fireEvent.change(screen.getByTestId("opt-RebatePercentage"), { target: { value: "150" } });
  await save();
  expect(toast.error).toHaveBeenCalledWith("返佣百分比必须在0到100之间");
  expect(puts()).toEqual([]);

  failKeys = new Set(["RebatePercentage"]);
  fireEvent.change(screen.getByTestId("opt-RebatePercentage"), { target: { value: "50" } });
  fireEvent.change(screen.getByTestId("opt-SystemName"), { target: { value: "Renamed" } });
  await save();
  await waitFor(() =>
    expect(toast.error).toHaveBeenCalledWith("部分保存失败，请重试", {
      description: "错误：返佣百分比必须在0到100之间",
    }),
  );
});

test("all PUTs failing is 保存失败，请重试", async () => {
  await renderSection();
  failKeys = new Set(["SystemName"]);
  fireEvent.change(screen.getByTestId("opt-SystemName"), { target: { value: "Nope" } });
  await save();
  await waitFor(() => expect(toast.error).toHaveBeenCalledWith("保存失败，请重试", expect.anything()));
});

test("secrets are write-only with a set/not-set hint; only root may type (others see why)", async () => {
  await renderSection();
  const input = screen.getByTestId("opt-SMTPToken") as HTMLInputElement;
  expect(input.type).toBe("password");
  expect(input.value).toBe("");
  expect(screen.getByText("已设置")).toBeTruthy();
  expect(input.disabled).toBe(true); // the site user here is not root
  expect(screen.getByText("仅超级管理员可以修改")).toBeTruthy();
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
