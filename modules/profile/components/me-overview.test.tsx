// The /app/me overview: role label, figures, model tags folding after 10, check-in
// states (can → reward toast → already checked in, re-fetched), cards hidden when the feature is off,
// provider rows only when enabled, and the client checks of the password, delete and transfer
// dialogs that must stop the call (两次输入的密码不一致！, 请输入你的账户名以确认删除！, 划转金额最低为 …).
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { MeOverview } from "@/modules/profile/components/me-overview";
import { fakeStatus, renderAuth } from "@/test-support/components/render-auth";

jest.mock("sonner", () => ({
  toast: Object.assign(jest.fn(), { success: jest.fn(), error: jest.fn() }),
}));
jest.mock("next/navigation", () => ({
  useRouter: () => ({ refresh: jest.fn(), push: jest.fn(), replace: jest.fn() }),
}));
jest.mock("@/lib/client/navigate", () => ({ hardNavigate: jest.fn() }));

const SELF = {
  id: 7,
  username: "bob",
  display_name: "Bobby",
  role: 1,
  status: 1,
  email: "",
  group: "vip",
  quota: 1_000_000,
  used_quota: 250_000,
  request_count: 42,
  aff_code: "",
  aff_count: 3,
  aff_quota: 700_000,
  aff_history_quota: 1_500_000,
  inviter_id: 0,
  github_id: "gh-bob",
  oidc_id: "",
  wechat_id: "",
  telegram_id: "",
  linux_do_id: "",
  setting: "{}",
  remark: "",
  created_at: 0,
  last_login_at: 0,
  DeletedAt: null,
};
const MODELS = Array.from({ length: 13 }, (_, i) => `model-${String(i).padStart(2, "0")}`);

type Call = { method: string; url: string; body?: unknown };
let calls: Call[] = [];
let checkedIn = false;

const ok = (data: unknown, message = "") => ({ success: true, message, data });
const statusData = () => ({
  enabled: true,
  can_check_in: !checkedIn,
  checked_in_today: checkedIn,
  quota_awarded: checkedIn ? 600_000 : 0,
  checkin_date: "2031-01-01",
  reward_min: 500_000,
  reward_max: 1_000_000,
});

function route(method: string, url: string, body?: unknown): unknown {
  if (url === "/api/user/self" && method === "GET") return ok(SELF);
  if (url === "/api/user/models") return ok(MODELS);
  if (url === "/api/user/aff") return ok("Ab12");
  if (url === "/api/user/check_in_status") return ok(statusData());
  if (url === "/api/user/check_in") {
    checkedIn = true;
    return ok({ quota: 600_000, checkin_date: "2031-01-01" }, "签到成功");
  }
  if (url === "/api/user/aff_transfer") return ok(body, "划转成功");
  // no 2FA or passkey: a password change carries its own proof (the current password)
  if (url === "/api/verify/status")
    return ok({ verified: false, methods: { two_fa: false, passkey: false, password: true } });
  if (url === "/api/user/2fa/status") return ok({ enabled: false, locked: false });
  if (url === "/api/user/sessions") return ok([]);
  return ok(null, "更新成功");
}

beforeEach(() => {
  calls = [];
  checkedIn = false;
  jest.clearAllMocks();
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    const json = route(method, url, body);
    return { ok: true, status: 200, headers: { has: () => false }, json: async () => json };
  }) as unknown as typeof fetch;
});

const callsTo = (method: string, url: string) => calls.filter((c) => c.method === method && c.url === url);

test("summary: name, role label, group and the three figures", async () => {
  renderAuth(<MeOverview />, fakeStatus({ check_in_enabled: false, aff_enabled: false }));
  expect(await screen.findByTestId("me-display-name")).toHaveTextContent("Bobby");
  expect(screen.getByTestId("me-role")).toHaveTextContent("普通用户");
  expect(screen.getByTestId("me-username")).toHaveTextContent("@bob");
  expect(screen.getByText("分组：vip")).toBeInTheDocument();
  expect(screen.getByTestId("me-balance")).toHaveTextContent("$2.00");
  expect(screen.getByTestId("me-used")).toHaveTextContent("$0.50");
  expect(screen.getByTestId("me-requests")).toHaveTextContent("42");
  // both reward features off: their cards are absent and never called
  expect(screen.queryByTestId("me-checkin-card")).not.toBeInTheDocument();
  expect(screen.queryByTestId("me-invite-card")).not.toBeInTheDocument();
  expect(callsTo("GET", "/api/user/check_in_status")).toHaveLength(0);
  expect(callsTo("GET", "/api/user/aff")).toHaveLength(0);
});

test("model tags fold after 10 and expand to all", async () => {
  renderAuth(<MeOverview />, fakeStatus({ check_in_enabled: false, aff_enabled: false }));
  await screen.findByTestId("me-models");
  expect(screen.getAllByTestId("me-model-tag")).toHaveLength(10);
  fireEvent.click(screen.getByTestId("me-models-toggle"));
  expect(screen.getAllByTestId("me-model-tag")).toHaveLength(13);
  expect(screen.getByText("model-12")).toBeInTheDocument();
  fireEvent.click(screen.getByTestId("me-models-toggle"));
  expect(screen.getAllByTestId("me-model-tag")).toHaveLength(10);
});

test("check-in: button → reward toast → already checked in (disabled), state re-fetched", async () => {
  renderAuth(<MeOverview />, fakeStatus({ check_in_enabled: true, aff_enabled: false }));
  const card = await screen.findByTestId("me-checkin-card");
  expect(await within(card).findByText("每次奖励 $1.00 ~ $2.00（随机）")).toBeInTheDocument();
  const button = await within(card).findByRole("button", { name: "立即签到" });
  await waitFor(() => expect(button).toBeEnabled());
  const statusCallsBefore = callsTo("GET", "/api/user/check_in_status").length;
  await act(async () => fireEvent.click(button));
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith("签到成功，获得 $1.20"));
  expect(callsTo("POST", "/api/user/check_in")).toHaveLength(1);
  const done = await within(card).findByRole("button", { name: "今日已签到" });
  expect(done).toBeDisabled();
  expect(callsTo("GET", "/api/user/check_in_status").length).toBeGreaterThan(statusCallsBefore);
  expect(within(card).getByTestId("me-checkin-today")).toHaveTextContent("$1.20");
});

test("invite card: link with the code, counts, transfer below one unit is stopped client-side", async () => {
  renderAuth(<MeOverview />, fakeStatus({ check_in_enabled: false, aff_enabled: true }));
  const link = await screen.findByTestId("me-invite-link");
  await waitFor(() => expect(link).toHaveValue(`${window.location.origin}/register?aff=Ab12`));
  expect(screen.getByTestId("me-aff-count")).toHaveTextContent("3");
  expect(screen.getByTestId("me-aff-quota")).toHaveTextContent("$1.40");
  expect(screen.getByTestId("me-aff-history")).toHaveTextContent("$3.00");

  fireEvent.click(screen.getByTestId("me-aff-transfer"));
  const amount = await screen.findByTestId("me-aff-transfer-amount");
  expect(amount).toHaveValue(700000);
  fireEvent.change(amount, { target: { value: "100" } });
  fireEvent.click(screen.getByTestId("me-aff-transfer-submit"));
  expect(await screen.findByText("划转金额最低为 $1.00")).toBeInTheDocument();
  fireEvent.change(amount, { target: { value: "800000" } });
  fireEvent.click(screen.getByTestId("me-aff-transfer-submit"));
  expect(await screen.findByText("邀请额度不足！")).toBeInTheDocument();
  expect(callsTo("POST", "/api/user/aff_transfer")).toHaveLength(0);

  fireEvent.change(amount, { target: { value: "600000" } });
  await act(async () => fireEvent.click(screen.getByTestId("me-aff-transfer-submit")));
  await waitFor(() => expect(callsTo("POST", "/api/user/aff_transfer")).toHaveLength(1));
  expect(callsTo("POST", "/api/user/aff_transfer")[0]!.body).toEqual({ quota: 600000 });
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith("划转成功，$1.20 已转入余额"));
});

test("bindings: email always, providers only when enabled, 未绑定 when empty", async () => {
  renderAuth(<MeOverview />, fakeStatus({ check_in_enabled: false, aff_enabled: false, github_oauth: true }));
  const bindings = await screen.findByTestId("me-bindings");
  expect(within(bindings).getByTestId("me-binding_email")).toHaveTextContent("未绑定");
  expect(within(bindings).getByTestId("me-binding_github")).toHaveTextContent("gh-bob");
  expect(within(bindings).queryByTestId("me-binding_oidc")).not.toBeInTheDocument();
  expect(within(bindings).queryByTestId("me-binding_telegram")).not.toBeInTheDocument();
});

test("password change: mismatched confirmation is refused before any call", async () => {
  renderAuth(<MeOverview />, fakeStatus({ check_in_enabled: false, aff_enabled: false }));
  fireEvent.click(await screen.findByTestId("me-password-open"));
  fireEvent.change(await screen.findByTestId("me-password-original"), { target: { value: "old-pass-1" } });
  fireEvent.change(screen.getByTestId("me-password-new"), { target: { value: "new-pass-1" } });
  fireEvent.change(screen.getByTestId("me-password-confirm"), { target: { value: "new-pass-2" } });
  fireEvent.click(screen.getByTestId("me-password-submit"));
  expect(await screen.findByText("两次输入的密码不一致！", { selector: "p" })).toBeInTheDocument();
  expect(callsTo("PUT", "/api/user/self")).toHaveLength(0);

  fireEvent.change(screen.getByTestId("me-password-confirm"), { target: { value: "new-pass-1" } });
  await act(async () => fireEvent.click(screen.getByTestId("me-password-submit")));
  await waitFor(() => expect(callsTo("PUT", "/api/user/self")).toHaveLength(1));
  expect(callsTo("PUT", "/api/user/self")[0]!.body).toEqual({
    original_password: "old-pass-1",
    password: "new-pass-1",
  });
});

test("delete account: only the own username lets the call through", async () => {
  renderAuth(<MeOverview />, fakeStatus({ check_in_enabled: false, aff_enabled: false }));
  fireEvent.click(await screen.findByTestId("me-delete-open"));
  const input = await screen.findByTestId("me-delete-username");
  fireEvent.change(input, { target: { value: "Bobby" } });
  fireEvent.click(screen.getByTestId("me-delete-submit"));
  expect(await screen.findByText("请输入你的账户名以确认删除！", { selector: "p" })).toBeInTheDocument();
  expect(callsTo("DELETE", "/api/user/self")).toHaveLength(0);
  fireEvent.change(input, { target: { value: "bob" } });
  await act(async () => fireEvent.click(screen.getByTestId("me-delete-submit")));
  await waitFor(() => expect(callsTo("DELETE", "/api/user/self")).toHaveLength(1));
});

test("the super admin is labelled so and cannot open the delete dialog", async () => {
  SELF.role = 100;
  try {
    renderAuth(<MeOverview />, fakeStatus({ check_in_enabled: false, aff_enabled: false }));
    expect(await screen.findByTestId("me-role")).toHaveTextContent("超级管理员");
    expect(screen.getByTestId("me-delete-open")).toBeDisabled();
  } finally {
    SELF.role = 1;
  }
});
