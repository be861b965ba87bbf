// The Security section of personal settings (issue 40): the TOTP set-up wizard shows the QR code
// (drawn from the otpauth:// URI), the secret and the backup codes, and turns two-factor on with the
// typed code; sessions list the devices and end another one; removing a passkey asks for the
// secure verification first (the password, for an account without 2FA).
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { AdminSecondFactors, SecuritySection, TwoFactorAdoption } from "@/modules/security/client";
import { renderAuth } from "@/test-support/components/render-auth";

jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const SETUP = {
  secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
  qr_code_data: "otpauth://totp/Gate:alice?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Gate",
  backup_codes: [
    "AAAA-BBBB",
    "CCCC-DDDD",
    "EEEE-FFFF",
    "GGGG-HHHH",
    "IIII-JJJJ",
    "KKKK-LLLL",
    "MMMM-NNNN",
    "OOOO-PPPP",
  ],
};
const SESSIONS = [
  {
    sid: "cur",
    current: true,
    login_method: "password",
    ip: "10.0.0.1",
    user_agent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0",
    created_at: 1,
    last_active_at: 1,
    expires_at: 2,
  },
  {
    sid: "old",
    current: false,
    login_method: "password",
    ip: "10.0.0.2",
    user_agent: "Mozilla/5.0 (Windows NT 10.0) Firefox/140.0",
    created_at: 1,
    last_active_at: 1,
    expires_at: 2,
  },
];

let calls: { method: string; url: string; body?: unknown }[] = [];
let enabled = false;

function answer(method: string, url: string): unknown {
  const ok = (data: unknown, message = "") => ({ success: true, message, data });
  if (url === "/api/user/2fa/status")
    return ok({ enabled, locked: false, ...(enabled ? { backup_codes_remaining: 8 } : {}) });
  if (url === "/api/user/2fa/setup") return ok(SETUP);
  if (url === "/api/user/2fa/enable") return ((enabled = true), ok(null, "两步验证启用成功"));
  if (url === "/api/user/passkey" && method === "GET")
    return ok({ enabled: true, passkeys: [{ id: 3, name: "", created_at: 1, last_used_at: 0, backed_up: false }] });
  if (url === "/api/verify/status")
    return ok({ verified: false, methods: { two_fa: false, passkey: true, password: false } });
  if (url === "/api/user/sessions") return ok(SESSIONS);
  if (url === "/api/user/2fa/stats") return ok({ total_users: 4, enabled_users: 1, enabled_rate: "25.0%" });
  return ok(null);
}

beforeEach(() => {
  calls = [];
  enabled = false;
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return { ok: true, status: 200, headers: { has: () => false }, json: async () => answer(method, url) };
  }) as unknown as typeof fetch;
});

test("the set-up wizard: QR code, secret, backup codes, then the first code turns it on", async () => {
  renderAuth(<SecuritySection accountName="alice" />);
  const open = await screen.findByTestId("twofa-setup-open");
  await waitFor(() => expect(open).toBeEnabled());
  fireEvent.click(open);
  const qr = await screen.findByTestId("twofa-qr");
  expect(qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
  expect(qr).toHaveAttribute("alt", "两步验证密钥的二维码");
  expect(screen.getByTestId("twofa-secret")).toHaveTextContent(SETUP.secret);
  expect(within(screen.getByTestId("backup-codes")).getAllByRole("listitem")).toHaveLength(8);
  fireEvent.change(screen.getByTestId("twofa-setup-code"), { target: { value: "123456" } });
  fireEvent.click(screen.getByTestId("twofa-setup-submit"));
  await waitFor(() => expect(screen.getByTestId("twofa-state")).toHaveTextContent("已开启"));
  expect(calls.find((c) => c.url === "/api/user/2fa/enable")?.body).toEqual({ code: "123456" });
});

test("sessions: device and address listed; another session is ended, the current one has no button", async () => {
  renderAuth(<SecuritySection accountName="alice" />);
  const rows = await screen.findAllByTestId("session-row");
  expect(rows[0]).toHaveTextContent("Chrome · Linux");
  expect(rows[0]).toHaveTextContent("当前设备");
  expect(rows[1]).toHaveTextContent("Firefox · Windows");
  expect(rows[1]).toHaveTextContent("10.0.0.2");
  expect(within(rows[0]!).queryByTestId("session-end")).toBeNull();
  fireEvent.click(within(rows[1]!).getByTestId("session-end"));
  await waitFor(() =>
    expect(calls.some((c) => c.method === "DELETE" && c.url === "/api/user/sessions/old")).toBe(true),
  );
});

test("removing a passkey opens the secure verification first, and nothing is deleted before it", async () => {
  renderAuth(<SecuritySection accountName="alice" />);
  fireEvent.click(await screen.findByTestId("passkey-remove"));
  expect(await screen.findByTestId("secure-verify-passkey")).toHaveTextContent("使用通行密钥");
  expect(calls.some((c) => c.method === "DELETE")).toBe(false);
});

test("admin: adoption, and turning off a user's 2FA after a confirmation", async () => {
  renderAuth(
    <>
      <TwoFactorAdoption />
      <AdminSecondFactors userId={5} username="bob" />
    </>,
  );
  expect(await screen.findByTestId("twofa-adoption")).toHaveTextContent("两步验证：4 个用户中 1 个已开启（25.0%）");
  fireEvent.click(screen.getByTestId("admin-reset-2fa"));
  expect(calls.some((c) => c.method === "DELETE")).toBe(false);
  fireEvent.click(await screen.findByTestId("admin-second-factors-confirm-confirm"));
  await waitFor(() => expect(calls.some((c) => c.method === "DELETE" && c.url === "/api/user/5/2fa")).toBe(true));
});
