"use client";

// Signed-in sessions: device (from its user agent), address, last seen; end one, or all others.
import { MonitorSmartphone } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/badge";
import { toast } from "sonner";
import { formatRecentTime } from "@/lib/format-time";
import { useSessionMutations, useSessions } from "@/modules/security/client/hooks";
import type { LoginSession } from "@/modules/security/client/api";

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, "Edge"],
  [/OPR\//, "Opera"],
  [/Firefox\//, "Firefox"],
  [/Chrome\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const SYSTEMS: [RegExp, string][] = [
  [/Windows/, "Windows"],
  [/Android/, "Android"],
  [/iPhone|iPad/, "iOS"],
  [/Mac OS X/, "macOS"],
  [/Linux/, "Linux"],
];

/** "Chrome · Linux" from a user agent, or null (curl, scripts, empty). */
export function deviceName(userAgent: string): string | null {
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  const parts = [browser, system].filter(Boolean);
  return parts.length ? parts.join(" · ") : null;
}

function SessionRow({ session, onEnd, busy }: { session: LoginSession; onEnd: () => void; busy: boolean }) {
  const t = useTranslations("security");
  const locale = useLocale();
  const device = deviceName(session.user_agent) ?? t("session_unknown_device");
  return (
    <li className="flex items-center justify-between gap-3 py-2" data-testid="session-row">
      <div className="min-w-0">
        <p className="flex items-center gap-2 text-sm font-medium">
          {device}
          {session.current ? <Badge tone="success">{t("session_current")}</Badge> : null}
        </p>
        <p className="text-xs text-muted">
          {session.ip ? `${t("session_address", { ip: session.ip })} · ` : ""}
          {t("session_seen", { time: formatRecentTime(session.last_active_at * 1000, locale) })}
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          onClick={onEnd}
          loading={busy}
          aria-label={t("session_end_label", { device })}
          data-testid="session-end"
        >
          {t("session_end")}
        </Button>
      )}
    </li>
  );
}

export function SessionsCard() {
  const t = useTranslations("security");
  const sessions = useSessions();
  const { end, endOthers } = useSessionMutations();
  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current).length;
  return (
    <section className="flex flex-col gap-2 py-3" data-testid="sessions-card" aria-busy={sessions.isPending}>
      <div className="flex items-start gap-3">
        <MonitorSmartphone className="mt-0.5 h-4 w-4 text-muted" aria-hidden />
        <div className="min-w-0 flex-1">
          <h3 className="text-sm font-medium">{t("sessions_title")}</h3>
          <p className="text-sm text-muted">{t("sessions_description")}</p>
          <ul className="mt-1 divide-y divide-border">
            {list.map((s) => (
              <SessionRow
                key={s.sid}
                session={s}
                busy={end.isPending && end.variables === s.sid}
                onEnd={() => end.mutate(s.sid)}
              />
            ))}
          </ul>
          {sessions.data && list.length === 0 ? <p className="text-sm text-muted">{t("sessions_empty")}</p> : null}
          {others > 0 ? (
            <Button
              variant="outline"
              size="sm"
              className="mt-2"
              loading={endOthers.isPending}
              onClick={() =>
                endOthers.mutate(undefined, {
                  onSuccess: (r) => toast.success(t("sessions_ended", { count: r.revoked_count })),
                })
              }
              data-testid="sessions-end-others"
            >
              {t("sessions_end_others")}
            </Button>
          ) : null}
        </div>
      </div>
    </section>
  );
}
