import {
  buildSideNav,
  buildTopLinks,
  chatEntries,
  formatUnreadBadge,
  isActiveHref,
  isNewYearsDay,
  isSideNavHidden,
  shouldShowRegister,
  siteModeBadge,
  type NavStatus,
  type SideGroup,
} from "@/components/layout/nav-items";

const baseStatus: NavStatus = {
  enable_data_export: false,
  enable_drawing: false,
  enable_task: false,
  chats: [],
  docs_link: "",
  self_use_mode_enabled: false,
  demo_site_enabled: false,
  register_enabled: true,
};
const member = { role: 1 };
const admin = { role: 10 };
const root = { role: 100 };

const hrefs = (groups: SideGroup[]) => groups.flatMap((g) => g.items.map((i) => i.href));
const groupIds = (groups: SideGroup[]) => groups.map((g) => g.id);

describe("buildSideNav", () => {
  it("shows the admin group only to role >= 10", () => {
    expect(groupIds(buildSideNav(baseStatus, member))).toEqual(["main", "console", "personal"]);
    expect(groupIds(buildSideNav(baseStatus, admin))).toEqual(["main", "console", "admin", "personal"]);
    expect(groupIds(buildSideNav(baseStatus, root))).toContain("admin");
    expect(hrefs(buildSideNav(baseStatus, admin))).toEqual(
      expect.arrayContaining([
        "/admin/channels",
        "/admin/coupons",
        "/admin/messages",
        "/admin/users",
        "/admin/settings",
      ]),
    );
  });

  it("always lists tokens, usage logs, wallet and personal settings", () => {
    const items = hrefs(buildSideNav(baseStatus, member));
    expect(items).toEqual(["/playground", "/app/tokens", "/app/logs/api-usage", "/app/wallet", "/app/me"]);
  });

  it("adds dashboard, drawing and task logs only when their status flags are on", () => {
    const onlyExport = hrefs(buildSideNav({ ...baseStatus, enable_data_export: true }, member));
    expect(onlyExport).toContain("/app/dashboard");
    expect(onlyExport).not.toContain("/app/logs/drawing");
    expect(onlyExport).not.toContain("/app/logs/tasks");

    const all = buildSideNav(
      { ...baseStatus, enable_data_export: true, enable_drawing: true, enable_task: true },
      member,
    );
    expect(all.find((g) => g.id === "console")?.items.map((i) => i.href)).toEqual([
      "/app/dashboard",
      "/app/tokens",
      "/app/logs/api-usage",
      "/app/logs/drawing",
      "/app/logs/tasks",
    ]);
  });

  it("puts one /chat/{index} entry per configured chat into a Chat sub-menu of Playground", () => {
    const main = buildSideNav(
      { ...baseStatus, chats: [{ "Next Web": "https://a" }, null, { LobeChat: "https://b" }] },
      member,
    )[0];
    expect(main?.items).toEqual([
      {
        href: "/playground",
        icon: "playground",
        labelKey: "playground",
        submenu: {
          labelKey: "chat",
          icon: "chat",
          items: [
            { href: "/chat/0", icon: "chat", label: "Next Web" },
            { href: "/chat/2", icon: "chat", label: "LobeChat" },
          ],
        },
      },
    ]);
  });

  it("has no Chat sub-menu without stored chats", () => {
    expect(buildSideNav(baseStatus, member)[0]?.items).toEqual([
      { href: "/playground", icon: "playground", labelKey: "playground" },
    ]);
  });
});

describe("chatEntries", () => {
  it("ignores a malformed Chats option", () => {
    expect(chatEntries("nope")).toEqual([]);
    expect(chatEntries([{}, 3, "x"])).toEqual([]);
  });
});

describe("isSideNavHidden", () => {
  it.each([
    "/",
    "/setup",
    "/login",
    "/register",
    "/reset",
    "/user/reset",
    "/oauth/github",
    "/chat",
    "/chat/1",
    "/login/",
  ])("hides the sidebar on %s", (path) => expect(isSideNavHidden(path, member)).toBe(true));

  it.each(["/app/tokens", "/admin/users", "/playground", "/about", "/pricing", "/chat2link"])(
    "shows it on %s",
    (path) => {
      expect(isSideNavHidden(path, member)).toBe(false);
    },
  );

  it("hides it everywhere for visitors", () => {
    expect(isSideNavHidden("/app/tokens", null)).toBe(true);
    expect(isSideNavHidden("/about", null)).toBe(true);
  });
});

describe("buildTopLinks", () => {
  it("points console at tokens when logged in and at login otherwise", () => {
    expect(buildTopLinks(baseStatus, member).find((l) => l.labelKey === "console")?.href).toBe("/app/tokens");
    expect(buildTopLinks(baseStatus, null).find((l) => l.labelKey === "console")?.href).toBe("/login");
  });

  it("adds docs as an external link only when a docs link is set", () => {
    expect(buildTopLinks(baseStatus, null).map((l) => l.labelKey)).toEqual(["home", "console", "pricing", "about"]);
    const withDocs = buildTopLinks({ docs_link: "https://docs.example.com" }, null);
    expect(withDocs.find((l) => l.labelKey === "docs")).toEqual({
      href: "https://docs.example.com",
      labelKey: "docs",
      external: true,
    });
  });
});

describe("isActiveHref", () => {
  it("matches the page and its sub-pages, and home only exactly", () => {
    expect(isActiveHref("/app/tokens", "/app/tokens")).toBe(true);
    expect(isActiveHref("/app/logs/api-usage/1", "/app/logs/api-usage")).toBe(true);
    expect(isActiveHref("/app/tokens-old", "/app/tokens")).toBe(false);
    expect(isActiveHref("/about", "/")).toBe(false);
    expect(isActiveHref("/", "/")).toBe(true);
  });
});

describe("shouldShowRegister", () => {
  it("hides register in self-use mode, on phones and when registration is closed", () => {
    expect(shouldShowRegister(baseStatus, false)).toBe(true);
    expect(shouldShowRegister({ ...baseStatus, self_use_mode_enabled: true }, false)).toBe(false);
    expect(shouldShowRegister(baseStatus, true)).toBe(false);
    expect(shouldShowRegister({ ...baseStatus, register_enabled: false }, false)).toBe(false);
  });
});

describe("siteModeBadge", () => {
  it("prefers self-use over demo, and shows nothing otherwise", () => {
    expect(siteModeBadge({ self_use_mode_enabled: true, demo_site_enabled: true })).toBe("self_use");
    expect(siteModeBadge({ self_use_mode_enabled: false, demo_site_enabled: true })).toBe("demo");
    expect(siteModeBadge({ self_use_mode_enabled: false, demo_site_enabled: false })).toBeNull();
  });
});

describe("formatUnreadBadge", () => {
  it("caps at 99+ and shows nothing for zero", () => {
    expect(formatUnreadBadge(0)).toBeNull();
    expect(formatUnreadBadge(undefined)).toBeNull();
    expect(formatUnreadBadge(-3)).toBeNull();
    expect(formatUnreadBadge(1)).toBe("1");
    expect(formatUnreadBadge(99)).toBe("99");
    expect(formatUnreadBadge(100)).toBe("99+");
    expect(formatUnreadBadge(12345)).toBe("99+");
  });
});

describe("isNewYearsDay", () => {
  it("is true only on January 1st, local time", () => {
    expect(isNewYearsDay(new Date(2027, 0, 1, 0, 0))).toBe(true);
    expect(isNewYearsDay(new Date(2027, 0, 1, 23, 59))).toBe(true);
    expect(isNewYearsDay(new Date(2026, 11, 31, 23, 59))).toBe(false);
    expect(isNewYearsDay(new Date(2027, 0, 2))).toBe(false);
  });
});
