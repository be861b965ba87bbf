import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { SetupWizard } from "@/modules/auth/components/setup-wizard";
import type { SetupStatus } from "@/modules/auth/client/api";
import { hardNavigate } from "@/lib/client/navigate";
import { globalErrors, mockFetch, renderAuth, sentBody } from "@/test-support/components/render-auth";

jest.mock("next/navigation", () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn() }),
}));
jest.mock("sonner", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));
jest.mock("@/lib/client/navigate", () => ({ hardNavigate: jest.fn() }));

const fresh: SetupStatus = { status: false, root_init: false, database_type: "sqlite" };

function fill(username: string, password: string, confirm: string) {
  fireEvent.change(screen.getByTestId("setup-username"), { target: { value: username } });
  fireEvent.change(screen.getByTestId("setup-password"), { target: { value: password } });
  fireEvent.change(screen.getByTestId("setup-confirm"), { target: { value: confirm } });
}

afterEach(() => jest.useRealTimers());

describe("SetupWizard", () => {
  it.each([
    ["", "password123", "password123", "请输入管理员用户名"],
    ["   ", "password123", "password123", "请输入管理员用户名"],
    ["admin", "short", "short", "密码长度至少为8个字符"],
    ["admin", "password123", "password124", "两次输入的密码不一致"],
  ])("rejects %j / %j / %j with %s and sends nothing", (username, password, confirm, message) => {
    const fetchMock = mockFetch();
    renderAuth(<SetupWizard initialStatus={fresh} />);
    fill(username, password, confirm);
    fireEvent.click(screen.getByTestId("setup-submit"));
    expect(screen.getByRole("alert")).toHaveTextContent(message);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows every problem of an empty form at once", () => {
    const fetchMock = mockFetch();
    renderAuth(<SetupWizard initialStatus={fresh} />);
    fill("", "", "x");
    fireEvent.click(screen.getByTestId("setup-submit"));
    const texts = screen.getAllByRole("alert").map((el) => el.textContent);
    expect(texts).toEqual(expect.arrayContaining(["请输入管理员用户名", "密码长度至少为8个字符"]));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("posts the account and mode, toasts, and reloads to / after 1.5 s", async () => {
    jest.useFakeTimers();
    const fetchMock = mockFetch({ body: { success: true, message: "系统初始化成功", data: null } });
    renderAuth(<SetupWizard initialStatus={fresh} />);
    fill(" admin ", "password123", "password123");
    fireEvent.click(screen.getByRole("radio", { name: /^自用模式/ }));
    fireEvent.click(screen.getByTestId("setup-submit"));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("系统初始化成功，正在跳转..."));
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/setup");
    expect(sentBody(fetchMock)).toEqual({
      username: "admin",
      password: "password123",
      confirmPassword: "password123",
      SelfUseModeEnabled: true,
      DemoSiteEnabled: false,
    });
    expect(hardNavigate).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1500));
    expect(hardNavigate).toHaveBeenCalledWith("/");
  });

  it("hides the account section when root exists and sends only the mode", async () => {
    const fetchMock = mockFetch({ body: { success: true, message: "", data: null } });
    renderAuth(<SetupWizard initialStatus={{ ...fresh, root_init: true, database_type: "postgres" }} />);
    expect(screen.queryByTestId("setup-username")).toBeNull();
    expect(screen.getByTestId("setup-root-initialized")).toBeInTheDocument();
    expect(screen.queryByTestId("setup-sqlite-warning")).toBeNull();
    fireEvent.click(screen.getByRole("radio", { name: /^演示站点模式/ }));
    fireEvent.click(screen.getByTestId("setup-submit"));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentBody(fetchMock)).toEqual({
      username: "",
      password: "",
      confirmPassword: "",
      SelfUseModeEnabled: false,
      DemoSiteEnabled: true,
    });
  });

  it("warns about persistent storage on SQLite", () => {
    renderAuth(<SetupWizard initialStatus={fresh} />);
    expect(screen.getByTestId("setup-sqlite-warning")).toHaveTextContent("./data");
  });

  it("opens the usage-mode help dialog", async () => {
    renderAuth(<SetupWizard initialStatus={fresh} />);
    fireEvent.click(screen.getByTestId("setup-mode-help"));
    expect(await screen.findByRole("dialog")).toHaveTextContent("对外运营模式");
  });

  it.each([
    [{ status: 400, body: { success: false, message: "系统已经初始化完成" } }, "系统已经初始化完成"],
    [{ status: 200, body: { success: false, message: "" } }, "系统初始化失败，请重试"],
  ])("toasts the server's refusal or the fallback (%#)", async (reply, expected) => {
    mockFetch(reply);
    renderAuth(<SetupWizard initialStatus={fresh} />);
    fill("admin", "password123", "password123");
    fireEvent.click(screen.getByTestId("setup-submit"));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(expected));
    expect(globalErrors).toHaveLength(0);
    expect(hardNavigate).not.toHaveBeenCalled();
  });

  it("toasts 表单引用错误，请刷新页面重试 when the form left out the account the server still needs", async () => {
    const fetchMock = mockFetch(
      { status: 400, body: { success: false, message: "请输入管理员用户名" } },
      { body: { success: true, message: "", data: fresh } },
    );
    renderAuth(<SetupWizard initialStatus={{ ...fresh, root_init: true }} />);
    fireEvent.click(screen.getByTestId("setup-submit"));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("表单引用错误，请刷新页面重试"));
    // The status is read again, so the account section comes back.
    expect(await screen.findByTestId("setup-username")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("toasts 初始化失败，请重试 when the request never gets an answer", async () => {
    global.fetch = jest.fn(async () => {
      throw new TypeError("Failed to fetch");
    }) as unknown as typeof fetch;
    renderAuth(<SetupWizard initialStatus={fresh} />);
    fill("admin", "password123", "password123");
    fireEvent.click(screen.getByTestId("setup-submit"));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("初始化失败，请重试"));
  });

  it("loads the status in the browser when the server could not, and reports a failure", async () => {
    const fetchMock = mockFetch({ status: 500, body: { success: false, message: "boom" } });
    renderAuth(<SetupWizard initialStatus={null} />);
    expect(await screen.findByText("获取初始化状态失败")).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/setup");
    expect(globalErrors).toHaveLength(0);
  });

  it("renders the wizard once the browser-side status arrives", async () => {
    mockFetch({ body: { success: true, message: "", data: fresh } });
    renderAuth(<SetupWizard initialStatus={null} />);
    expect(await screen.findByTestId("setup-username")).toBeInTheDocument();
  });
});
