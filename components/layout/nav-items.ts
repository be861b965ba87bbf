// Pure rules behind the console shell. Kept free of
// React so the visibility rules can be unit-tested without rendering anything.
import type { StoredUser } from "@/lib/client/storage";
import { ROLE } from "@/lib/constants";
import type { StatusData } from "@/lib/server/site-status";
import type { Messages } from "@/messages";

export type SideLabelKey = keyof Messages["shell"]["side"];
export type TopLabelKey = keyof Messages["shell"]["top"];

export type NavStatus = Pick<
  StatusData,
  | "enable_data_export"
  | "enable_drawing"
  | "enable_task"
  | "chats"
  | "docs_link"
  | "self_use_mode_enabled"
  | "demo_site_enabled"
  | "register_enabled"
>;
export type NavUser = Pick<StoredUser, "role"> | null;

export type SideItemIcon =
  | "playground"
  | "chat"
  | "dashboard"
  | "tokens"
  | "usage"
  | "drawing"
  | "tasks"
  | "channels"
  | "coupons"
  | "subscriptions"
  | "messages"
  | "users"
  | "settings"
  | "wallet"
  | "me";

/** A chat entry's label comes from the admin's Chats option, so it is shown as is (not translated). */
export type SideItem = { href: string; icon: SideItemIcon } & ({ labelKey: SideLabelKey } | { label: string }) & {
    /** A sub-menu under the item (the stored chats under Playground). */
    submenu?: { labelKey: SideLabelKey; icon: SideItemIcon; items: SideItem[] };
  };
export type SideGroup = {
  id: "main" | "console" | "admin" | "personal";
  titleKey: SideLabelKey | null;
  items: SideItem[];
};

/** Routes where the sidebar never shows: the landing page, full-screen chat, and the auth flows. */
const HIDDEN_EXACT = ["/", "/setup", "/login", "/register", "/reset", "/user/reset"];
const HIDDEN_PREFIXES = ["/oauth/", "/setup/"];

export function isSideNavHidden(pathname: string, user: NavUser): boolean {
  if (!user) return true;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (HIDDEN_EXACT.includes(path)) return true;
  // /chat, /chat/3 — but not /chat2link, which is an ordinary console page
  if (path === "/chat" || path.startsWith("/chat/")) return true;
  return HIDDEN_PREFIXES.some((p) => path.startsWith(p));
}

export function isAdmin(user: NavUser): boolean {
  return !!user && user.role >= ROLE.admin;
}

/** Chats option entries look like {"ChatGPT Next Web": "https://..."}; index order is the /chat/{index} id. */
export function chatEntries(chats: unknown): { index: number; name: string }[] {
  if (!Array.isArray(chats)) return [];
  const entries: { index: number; name: string }[] = [];
  chats.forEach((chat, index) => {
    if (!chat || typeof chat !== "object") return;
    const name = Object.keys(chat as Record<string, unknown>)[0];
    if (name) entries.push({ index, name });
  });
  return entries;
}

export function buildSideNav(status: NavStatus, user: NavUser): SideGroup[] {
  const playground: SideItem = { href: "/playground", icon: "playground", labelKey: "playground" };
  const chats: SideItem[] = chatEntries(status.chats).map((chat) => ({
    href: `/chat/${chat.index}`,
    icon: "chat",
    label: chat.name,
  }));
  if (chats.length > 0) playground.submenu = { labelKey: "chat", icon: "chat", items: chats };
  const main: SideItem[] = [playground];

  const consoleItems: SideItem[] = [];
  if (status.enable_data_export)
    consoleItems.push({ href: "/app/dashboard", icon: "dashboard", labelKey: "dashboard" });
  consoleItems.push({ href: "/app/tokens", icon: "tokens", labelKey: "tokens" });
  consoleItems.push({ href: "/app/logs/api-usage", icon: "usage", labelKey: "usage_logs" });
  if (status.enable_drawing)
    consoleItems.push({ href: "/app/logs/drawing", icon: "drawing", labelKey: "drawing_logs" });
  if (status.enable_task) consoleItems.push({ href: "/app/logs/tasks", icon: "tasks", labelKey: "task_logs" });

  const groups: SideGroup[] = [
    { id: "main", titleKey: null, items: main },
    { id: "console", titleKey: "group_console", items: consoleItems },
  ];
  if (isAdmin(user)) {
    groups.push({
      id: "admin",
      titleKey: "group_admin",
      items: [
        { href: "/admin/channels", icon: "channels", labelKey: "channels" },
        { href: "/admin/coupons", icon: "coupons", labelKey: "coupons" },
        { href: "/admin/subscriptions", icon: "subscriptions", labelKey: "subscriptions" },
        { href: "/admin/messages", icon: "messages", labelKey: "messages" },
        { href: "/admin/users", icon: "users", labelKey: "users" },
        { href: "/admin/settings", icon: "settings", labelKey: "settings" },
      ],
    });
  }
  groups.push({
    id: "personal",
    titleKey: "group_personal",
    items: [
      { href: "/app/wallet", icon: "wallet", labelKey: "wallet" },
      { href: "/app/me", icon: "me", labelKey: "me" },
    ],
  });
  return groups;
}

export type TopLink = { href: string; labelKey: TopLabelKey; external?: boolean };

export function buildTopLinks(status: Pick<NavStatus, "docs_link">, user: NavUser): TopLink[] {
  const links: TopLink[] = [
    { href: "/", labelKey: "home" },
    { href: user ? "/app/tokens" : "/login", labelKey: "console" },
    { href: "/pricing", labelKey: "pricing" },
  ];
  if (status.docs_link) links.push({ href: status.docs_link, labelKey: "docs", external: true });
  links.push({ href: "/about", labelKey: "about" });
  return links;
}

/** Whether `href` is the current page or one of its sub-pages ("/" only matches itself). */
export function isActiveHref(pathname: string, href: string): boolean {
  if (href === "/") return pathname === "/";
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** Register is for external-operation sites only, and on phones the login page links to it instead. */
export function shouldShowRegister(
  status: Pick<NavStatus, "self_use_mode_enabled" | "register_enabled">,
  isMobile: boolean,
): boolean {
  return status.register_enabled && !status.self_use_mode_enabled && !isMobile;
}

export type SiteModeBadge = "self_use" | "demo" | null;

export function siteModeBadge(status: Pick<NavStatus, "self_use_mode_enabled" | "demo_site_enabled">): SiteModeBadge {
  if (status.self_use_mode_enabled) return "self_use";
  if (status.demo_site_enabled) return "demo";
  return null;
}

/** Unread count as the bell shows it: nothing for zero, capped at "99+". */
export function formatUnreadBadge(count: number | null | undefined): string | null {
  if (!count || count <= 0 || !Number.isFinite(count)) return null;
  return count > 99 ? "99+" : String(Math.floor(count));
}

/** New Year's Day by the visitor's local calendar. */
export function isNewYearsDay(date: Date): boolean {
  return date.getMonth() === 0 && date.getDate() === 1;
}
