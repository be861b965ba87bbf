import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { usePathname } from "next/navigation";
import { AppShell } from "@/components/layout/app-shell";
import { SiteProvider, type SiteContextValue } from "@/components/providers/site-context";
import { fetchUnreadCount } from "@/lib/client/inbox-bell";
import type { StoredUser } from "@/lib/client/storage";
import { catalogues } from "@/messages";

jest.mock("next/navigation", () => ({
  usePathname: jest.fn(() => "/app/tokens"),
  useRouter: () => ({ refresh: jest.fn(), push: jest.fn(), replace: jest.fn(), prefetch: jest.fn() }),
}));
jest.mock("@/lib/client/inbox-bell", () => ({
  inboxKeys: { unreadCount: () => ["inbox", "unread-count"] },
  fetchUnreadCount: jest.fn(async () => 0),
}));

const mockedPathname = usePathname as jest.Mock;
const mockedUnread = fetchUnreadCount as jest.Mock;

type Status = SiteContextValue["status"];

function makeStatus(overrides: Partial<Status> = {}): Status {
  return {
    system_name: "Test Gateway",
    logo: "",
    footer_html: "",
    docs_link: "",
    chats: [],
    enable_data_export: false,
    enable_drawing: false,
    enable_task: false,
    default_collapse_sidebar: false,
    self_use_mode_enabled: false,
    demo_site_enabled: false,
    register_enabled: true,
    version: "1.2.3",
    ...overrides,
  } as Status;
}

function makeUser(role: number): StoredUser {
  return { id: 7, username: "alice", display_name: "Alice", role, status: 1, group: "default" };
}

function renderShell({ status = makeStatus(), user = null as StoredUser | null, pathname = "/app/tokens" } = {}) {
  mockedPathname.mockReturnValue(pathname);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <NextIntlClientProvider locale="en" messages={catalogues.en}>
      <QueryClientProvider client={client}>
        <SiteProvider value={{ status, user }}>
          <AppShell>
            <p>page body</p>
          </AppShell>
        </SiteProvider>
      </QueryClientProvider>
    </NextIntlClientProvider>,
  );
}

beforeEach(() => {
  jest.clearAllMocks();
  localStorage.clear();
  mockedUnread.mockResolvedValue(0);
});

describe("AppShell sidebar", () => {
  it("shows the admin group to admins only", () => {
    const { unmount } = renderShell({ user: makeUser(1) });
    expect(screen.getByTestId("side-nav")).toBeInTheDocument();
    expect(screen.queryByTestId("side-group-admin")).not.toBeInTheDocument();
    unmount();

    renderShell({ user: makeUser(10) });
    expect(screen.getByTestId("side-group-admin")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "System settings" })).toHaveAttribute("href", "/admin/settings");
  });

  it("lists dashboard, drawing and task logs according to the status flags", () => {
    const { unmount } = renderShell({ user: makeUser(1) });
    expect(screen.queryByTestId("side-item-/app/dashboard")).not.toBeInTheDocument();
    expect(screen.queryByTestId("side-item-/app/logs/drawing")).not.toBeInTheDocument();
    expect(screen.queryByTestId("side-item-/app/logs/tasks")).not.toBeInTheDocument();
    unmount();

    renderShell({
      user: makeUser(1),
      status: makeStatus({ enable_data_export: true, enable_drawing: true, enable_task: true }),
    });
    expect(screen.getByTestId("side-item-/app/dashboard")).toBeInTheDocument();
    expect(screen.getByTestId("side-item-/app/logs/drawing")).toBeInTheDocument();
    expect(screen.getByTestId("side-item-/app/logs/tasks")).toBeInTheDocument();
  });

  it("nests the stored chats in a Chat sub-menu of Playground, which folds", () => {
    renderShell({
      user: makeUser(1),
      pathname: "/playground",
      status: makeStatus({ chats: [{ "Next Web": "https://a" }, { LobeChat: "https://b" }] }),
    });
    const submenu = screen.getByTestId("side-submenu-chat");
    expect(screen.getByTestId("side-group-main")).toContainElement(submenu);
    const toggle = screen.getByTestId("side-submenu-chat-toggle");
    expect(toggle).toHaveTextContent("Chat");
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(submenu).toContainElement(screen.getByRole("link", { name: "Next Web" }));
    expect(screen.getByRole("link", { name: "LobeChat" })).toHaveAttribute("href", "/chat/1");
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("link", { name: "Next Web" })).not.toBeInTheDocument();
  });

  it("marks the current page as active", () => {
    renderShell({ user: makeUser(1), pathname: "/app/tokens" });
    expect(screen.getByTestId("side-item-/app/tokens")).toHaveAttribute("aria-current", "page");
    expect(screen.getByTestId("side-item-/app/me")).not.toHaveAttribute("aria-current");
  });

  it.each(["/", "/chat/0", "/setup", "/login"])("is hidden on %s", (pathname) => {
    renderShell({ user: makeUser(10), pathname });
    expect(screen.queryByTestId("side-nav")).not.toBeInTheDocument();
    expect(screen.getByText("page body")).toBeInTheDocument();
  });

  it("is hidden for visitors", () => {
    renderShell({ user: null, pathname: "/about" });
    expect(screen.queryByTestId("side-nav")).not.toBeInTheDocument();
  });

  it("starts collapsed from the site default and remembers the toggle", () => {
    const { unmount } = renderShell({ user: makeUser(1), status: makeStatus({ default_collapse_sidebar: true }) });
    expect(screen.getByTestId("side-nav")).toHaveAttribute("data-collapsed", "true");
    fireEvent.click(screen.getByTestId("side-nav-toggle"));
    expect(screen.getByTestId("side-nav")).toHaveAttribute("data-collapsed", "false");
    expect(localStorage.getItem("default_collapse_sidebar")).toBe("false");
    unmount();

    renderShell({ user: makeUser(1), status: makeStatus({ default_collapse_sidebar: true }) });
    expect(screen.getByTestId("side-nav")).toHaveAttribute("data-collapsed", "false");
  });
});

describe("AppShell top navigation", () => {
  it("caps the unread badge at 99+", async () => {
    mockedUnread.mockResolvedValue(250);
    renderShell({ user: makeUser(1) });
    expect(await screen.findByTestId("inbox-badge")).toHaveTextContent("99+");
    expect(screen.getByTestId("inbox-bell")).toHaveAttribute("href", "/app/inbox");
  });

  it("shows no badge when nothing is unread", async () => {
    renderShell({ user: makeUser(1) });
    await waitFor(() => expect(mockedUnread).toHaveBeenCalled());
    expect(screen.queryByTestId("inbox-badge")).not.toBeInTheDocument();
  });

  it("offers login and register to visitors, without the bell or avatar", () => {
    renderShell({ user: null, pathname: "/" });
    expect(screen.getByTestId("nav-login")).toHaveAttribute("href", "/login");
    expect(screen.getByTestId("nav-register")).toHaveAttribute("href", "/register");
    expect(screen.queryByTestId("inbox-bell")).not.toBeInTheDocument();
    expect(screen.queryByTestId("avatar-menu")).not.toBeInTheDocument();
    expect(mockedUnread).not.toHaveBeenCalled();
  });

  it("hides register and shows the badge in self-use mode", () => {
    renderShell({ user: null, pathname: "/", status: makeStatus({ self_use_mode_enabled: true }) });
    expect(screen.getByTestId("nav-login")).toBeInTheDocument();
    expect(screen.queryByTestId("nav-register")).not.toBeInTheDocument();
    expect(screen.getByTestId("mode-badge")).toHaveTextContent("Self-use mode");
  });

  it("shows the demo badge on demo sites", () => {
    renderShell({ user: null, pathname: "/", status: makeStatus({ demo_site_enabled: true }) });
    expect(screen.getByTestId("mode-badge")).toHaveTextContent("Demo site");
  });

  it("never hides the top-bar badge by width (601–767 px included)", () => {
    renderShell({ user: makeUser(1), pathname: "/app/tokens", status: makeStatus({ demo_site_enabled: true }) });
    const badge = within(screen.getByTestId("top-nav")).getByTestId("mode-badge");
    expect(badge.className.split(/\s+/).filter((c) => /(^|:)hidden$/.test(c))).toEqual([]);
  });

  it("links console to tokens for users and adds docs only when configured", () => {
    renderShell({
      user: makeUser(1),
      pathname: "/about",
      status: makeStatus({ docs_link: "https://docs.example.com" }),
    });
    const nav = screen.getByRole("navigation", { name: "Main navigation" });
    expect(nav.querySelector('a[href="/app/tokens"]')).toHaveTextContent("Console");
    const docs = nav.querySelector('a[href="https://docs.example.com"]');
    expect(docs).toHaveAttribute("target", "_blank");
  });
});

describe("AppShell footer and local storage", () => {
  it("renders the custom footer html, else a default line, plus a powered-by badge", () => {
    const { unmount } = renderShell({ status: makeStatus({ footer_html: "<b>Custom footer</b>" }) });
    expect(screen.getByTestId("footer")).toHaveTextContent("Custom footer");
    expect(screen.getByTestId("powered-by")).toHaveTextContent(/New API Gateway/);
    unmount();
    renderShell();
    expect(screen.getByTestId("footer")).toHaveTextContent(`© ${new Date().getFullYear()} Test Gateway`);
  });

  // Review 3 L9: whatever can write localStorage (another script of the origin, an extension) must not
  // put HTML into every console page; the footer renders only the server-sanitized status.
  it("never renders HTML planted in localStorage footer_html, only the status' footer", () => {
    jest.useFakeTimers();
    try {
      renderShell({ status: makeStatus({ footer_html: "<b>Server footer</b>" }) });
      localStorage.setItem(
        "footer_html",
        '<img src="x" onerror="window.pwned=1"><script>window.pwned=1</script>Planted',
      );
      act(() => jest.advanceTimersByTime(2_000));
      const footer = screen.getByTestId("footer");
      expect(footer.querySelector("img, script")).toBeNull();
      expect(footer).toHaveTextContent("Server footer");
      expect(footer).not.toHaveTextContent("Planted");
    } finally {
      jest.useRealTimers();
    }
  });

  it("stores the status fields the spec lists as stored locally", () => {
    renderShell({ status: makeStatus({ enable_drawing: true, chats: [{ a: "b" }] }) });
    expect(JSON.parse(localStorage.getItem("status") ?? "{}").system_name).toBe("Test Gateway");
    expect(localStorage.getItem("enable_drawing")).toBe("true");
    expect(localStorage.getItem("enable_task")).toBe("false");
    expect(localStorage.getItem("enable_data_export")).toBe("false");
    expect(localStorage.getItem("chats")).toBe('[{"a":"b"}]');
    expect(localStorage.getItem("footer_html")).toBe("");
  });
});
