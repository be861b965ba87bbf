"use client";

import { LogOut, UserRound } from "lucide-react";
import { useTranslations } from "next-intl";
import { AppLink } from "@/components/ui/app-link";
import { useState } from "react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { apiFetch } from "@/lib/client/api";
import { clearStoredUser, type StoredUser } from "@/lib/client/storage";

export function UserMenu({ user }: { user: StoredUser }) {
  const t = useTranslations("shell.actions");
  const [leaving, setLeaving] = useState(false);
  const name = user.display_name || user.username;
  const initial = name.trim().charAt(0).toUpperCase() || "?";

  const logout = async () => {
    setLeaving(true);
    try {
      await apiFetch("/api/user/logout");
    } catch {
      // The session may already be gone; the visitor still ends up logged out locally.
    }
    clearStoredUser();
    window.location.assign("/login");
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        data-testid="avatar-menu"
        aria-label={t("account")}
        className="ml-1 flex h-8 w-8 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground ring-offset-2 ring-offset-surface transition hover:opacity-90 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {initial}
      </DropdownMenuTrigger>
      <DropdownMenuContent className="min-w-48">
        <div className="px-2 py-1.5">
          <p className="truncate text-sm font-medium">{name}</p>
          {name !== user.username ? <p className="truncate text-xs text-muted">{user.username}</p> : null}
        </div>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <AppLink href="/app/me">
            <UserRound className="h-4 w-4 text-muted" aria-hidden />
            {t("profile")}
          </AppLink>
        </DropdownMenuItem>
        <DropdownMenuItem
          data-testid="logout"
          disabled={leaving}
          onSelect={() => void logout()}
          className="text-danger"
        >
          <LogOut className="h-4 w-4" aria-hidden />
          {t("logout")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
