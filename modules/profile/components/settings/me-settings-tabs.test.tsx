// /app/me settings tabs: values read from GET /api/user/self (setting JSON, defaults when unset),
// the notification tab's client-side rules with the server's messages, the body each tab sends
// (only the chosen method's fields; an empty secret is left out; remove clears it), presets,
// 更新设置失败 with the server message, and the account re-read after a save.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { SettingsTabsClient } from "@/modules/profile/components/settings/settings-tabs-client";
import { renderAuth } from "@/test-support/components/render-auth";

jest.mock("sonner", () => ({
  toast: Object.assign(jest.fn(), { success: jest.fn(), error: jest.fn(), info: jest.fn() }),
}));

type Call = { method: string; url: string; body?: Record<string, unknown> };
let calls: Call[] = [];
let self: Record<string, unknown> = {};
let putReply: { success: boolean; message: string } = { success: true, message: "更新成功" };

beforeEach(() => {
  calls = [];
  putReply = { success: true, message: "更新成功" };
  self = { id: 7, username: "u", email: "me@example.com", setting: "{}", webhook_secret_set: false, quota: 1 };
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    calls.push({ method: init?.method ?? "GET", url, body });
    const json = init?.method === "PUT" ? { ...putReply, data: null } : { success: true, message: "", data: self };
    return { ok: true, status: 200, headers: { has: () => false }, json: async () => json };
  }) as unknown as typeof fetch;
});

const puts = () => calls.filter((c) => c.method === "PUT").map((c) => c.body);
const gets = () => calls.filter((c) => c.method === "GET").length;
const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;
const click = (id: string) => act(async () => fireEvent.click(screen.getByTestId(id)));
const type = (id: string, value: string) => act(async () => fireEvent.change(input(id), { target: { value } }));

async function renderTabs(allowHttpWebhook = false) {
  renderAuth(<SettingsTabsClient allowHttpWebhook={allowHttpWebhook} />);
  await screen.findByTestId("notify-settings-form");
}

test("an unset setting shows the defaults: e-mail, threshold 500000, account e-mail as placeholder", async () => {
  await renderTabs();
  expect(screen.getByText("通知设置")).toBeTruthy();
  expect(screen.getByText("价格设置")).toBeTruthy();
  expect(screen.getByText("其他设置")).toBeTruthy();
  expect(input("notify-threshold").value).toBe("500000");
  expect(input("notify-email").placeholder).toBe("me@example.com");
  expect(screen.getByTestId("notify-threshold-preset-500000").getAttribute("aria-pressed")).toBe("true");
});

test("e-mail: presets and the body sent; the account is re-read after saving", async () => {
  await renderTabs();
  await click("notify-threshold-preset-1000000");
  expect(input("notify-threshold").value).toBe("1000000");
  await type("notify-email", " Me@Example.com ");
  expect(screen.queryByTestId("notify-email-code")).toBeNull(); // the account's own address
  const before = gets();
  await click("notify-save");
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith("更新成功"));
  expect(puts()).toEqual([
    { notify_type: "email", quota_warning_threshold: 1000000, notification_email: "Me@Example.com" },
  ]);
  await waitFor(() => expect(gets()).toBeGreaterThan(before));
});

test("e-mail: another address asks for the code mailed to it, and sends it (review 3 L9)", async () => {
  await renderTabs();
  await type("notify-email", "alerts@example.com");
  await click("notify-email-send-code");
  await waitFor(() =>
    expect(calls.some((c) => c.url.includes("/api/verification") && c.url.includes("alerts%40example.com"))).toBe(true),
  );
  await type("notify-email-code", "123456");
  await click("notify-save");
  await waitFor(() => expect(puts()).toHaveLength(1));
  expect(puts()[0]).toEqual({
    notify_type: "email",
    quota_warning_threshold: 500000,
    notification_email: "alerts@example.com",
    notification_email_code: "123456",
  });
});

test("client-side rules show the server's messages and send nothing", async () => {
  await renderTabs();
  await type("notify-threshold", "0");
  await type("notify-email", "nope");
  await click("notify-save");
  expect(screen.getByText("预警阈值必须是大于 0 的整数")).toBeTruthy();
  expect(screen.getByText("无效的邮箱地址")).toBeTruthy();

  await type("notify-threshold", "1000");
  await act(async () => fireEvent.click(screen.getByText("Webhook 通知")));
  await click("notify-save");
  expect(screen.getByText("Webhook地址不能为空")).toBeTruthy();
  await type("notify-webhook-url", "http://hooks.example.com/x");
  await click("notify-save");
  expect(screen.getByText("Webhook地址必须以 https:// 开头")).toBeTruthy();
  expect(puts()).toEqual([]);
});

test("the test-only mode lets http URLs through the form (the server decides)", async () => {
  await renderTabs(true);
  await act(async () => fireEvent.click(screen.getByText("Webhook 通知")));
  await type("notify-webhook-url", "http://127.0.0.1:9/hook");
  await click("notify-save");
  await waitFor(() => expect(puts()).toHaveLength(1));
});

test("webhook: stored values shown, secret never prefilled; empty keeps it, remove clears it", async () => {
  self.setting = JSON.stringify({
    notify_type: "webhook",
    quota_warning_threshold: 100000,
    webhook_url: "https://hooks.example.com/n",
  });
  self.webhook_secret_set = true;
  await renderTabs();
  expect(input("notify-webhook-url").value).toBe("https://hooks.example.com/n");
  expect(input("notify-webhook-secret").value).toBe("");
  expect(input("notify-webhook-secret").type).toBe("password");
  expect(input("notify-webhook-secret").placeholder).toBe("留空则保持当前密钥不变");
  expect(screen.getByTestId("notify-webhook-secret-state").textContent).toBe("已设置");
  expect(screen.getByTestId("notify-webhook-payload").textContent).toContain('"type": "quota_exceed"');

  await click("notify-webhook-secret-toggle");
  expect(input("notify-webhook-secret").type).toBe("text");

  await click("notify-save");
  await waitFor(() => expect(puts()).toHaveLength(1));
  expect(puts()[0]).toEqual({
    notify_type: "webhook",
    quota_warning_threshold: 100000,
    webhook_url: "https://hooks.example.com/n",
  });

  await type("notify-webhook-secret", "new-secret");
  await click("notify-save");
  await waitFor(() => expect(puts()).toHaveLength(2));
  expect(puts()[1]).toMatchObject({ webhook_secret: "new-secret" });

  await click("notify-webhook-secret-clear");
  expect(screen.getByTestId("notify-webhook-secret-state").textContent).toBe("未设置");
  await click("notify-save");
  await waitFor(() => expect(puts()).toHaveLength(3));
  expect(puts()[2]).toMatchObject({ clear_webhook_secret: true });
  expect(puts()[2]).not.toHaveProperty("webhook_secret");
});

test("a refused save shows 更新设置失败 with the server message", async () => {
  putReply = { success: false, message: "Webhook地址不能指向内网、本机或保留地址" };
  await renderTabs();
  await act(async () => fireEvent.click(screen.getByText("Webhook 通知")));
  await type("notify-webhook-url", "https://10.0.0.1/x");
  await click("notify-save");
  await waitFor(() =>
    expect(toast.error).toHaveBeenCalledWith("更新设置失败", {
      description: "错误：Webhook地址不能指向内网、本机或保留地址",
    }),
  );
  expect(screen.getByTestId("notify-save-error").textContent).toBe("Webhook地址不能指向内网、本机或保留地址");
});

test("price and other tabs save their one switch", async () => {
  self.setting = JSON.stringify({ show_ip_in_logs: true });
  await renderTabs();
  await act(async () => {
    fireEvent.mouseDown(screen.getByTestId("me-settings-tab-price"), { button: 0 });
  });
  const price = await screen.findByTestId("price-settings-form");
  expect(within(price).getByText("接受未设置价格的模型")).toBeTruthy();
  await click("price-accept-unset-model-ratio-model");
  await click("price-save");
  await waitFor(() => expect(puts()).toEqual([{ accept_unset_model_ratio_model: true }]));

  await act(async () => {
    fireEvent.mouseDown(screen.getByTestId("me-settings-tab-other"), { button: 0 });
  });
  await screen.findByTestId("other-settings-form");
  expect(screen.getByTestId("other-show-ip-in-logs").getAttribute("data-state")).toBe("checked");
  await click("other-show-ip-in-logs");
  await click("other-save");
  await waitFor(() => expect(puts()[1]).toEqual({ show_ip_in_logs: false }));
});
