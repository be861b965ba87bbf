"use client";

// Cells shared by the drawing-log and task-log tables.
import { useTranslations } from "next-intl";
import { ProgressCircle } from "@/modules/logs/components/tasks/progress-circle";
import { Badge } from "@/components/ui/badge";
import {
  durationSeconds,
  durationTone,
  epochToMs,
  parseProgress,
  KNOWN_ACTIONS,
  KNOWN_PLATFORMS,
  STATUS_TONE,
  type TimeUnit,
} from "@/modules/logs/client/tasks/task-display";
import { formatDateTime } from "@/lib/format-time";

export function TimeCell({ value, unit }: { value: number; unit: TimeUnit }) {
  return value > 0 ? <span className="whitespace-nowrap">{formatDateTime(epochToMs(value, unit))}</span> : null;
}

export function DurationCell({ submit, finish, unit }: { submit: number; finish: number; unit: TimeUnit }) {
  const t = useTranslations("tasks");
  const seconds = durationSeconds(submit, finish, unit);
  if (seconds === null) return <span className="text-muted">{t("not_available")}</span>;
  return (
    <Badge tone={durationTone(seconds)} data-testid="task-duration">
      {t("seconds", { value: seconds })}
    </Badge>
  );
}

export function ProgressCell({ progress }: { progress: string }) {
  const percent = parseProgress(progress);
  if (percent !== null) return <ProgressCircle percent={percent} />;
  return progress ? <span className="text-xs">{progress}</span> : null;
}

export function StatusCell({ status }: { status: string }) {
  const t = useTranslations("tasks");
  const known = status in STATUS_TONE;
  return (
    <Badge tone={STATUS_TONE[status] ?? "neutral"} data-testid="task-status">
      {known ? t(`status_${status || "SUBMITTING"}` as "status_SUCCESS") : status}
    </Badge>
  );
}

/** A translated enum value (action, platform), or the raw value when it is not a known one. */
export function EnumCell({ prefix, value }: { prefix: "action" | "platform"; value: string }) {
  const t = useTranslations("tasks");
  if (!value) return null;
  const known = (prefix === "action" ? KNOWN_ACTIONS : KNOWN_PLATFORMS).includes(value);
  return <Badge tone="neutral">{known ? t(`${prefix}_${value}` as "action_IMAGINE") : value}</Badge>;
}

/** The channel as a tag that copies its id (toast "Copied: {id}", or the manual-copy dialog). */
export function ChannelCell({ id, onCopy }: { id?: number; onCopy: (id: number) => void }) {
  const t = useTranslations("tasks");
  if (!id) return null;
  return (
    <button
      type="button"
      onClick={() => onCopy(id)}
      title={t("copy_channel")}
      aria-label={t("copy_channel_id", { id })}
      className="rounded focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      data-testid="task-channel"
    >
      <Badge tone="info" className="cursor-pointer hover:opacity-80">
        {id}
      </Badge>
    </button>
  );
}

/** Long text cut to a line or two; a click shows all of it. `empty` is shown when there is none. */
export function TextCell({
  text,
  onShow,
  empty,
  testId,
  tone = "default",
}: {
  text: string;
  onShow: () => void;
  empty?: string;
  testId: string;
  tone?: "default" | "danger" | "mono";
}) {
  if (!text) return empty ? <span className="text-muted">{empty}</span> : null;
  const color = tone === "danger" ? "text-danger" : tone === "mono" ? "font-mono text-primary" : "";
  return (
    <button
      type="button"
      onClick={onShow}
      className={`max-w-56 text-left text-xs [overflow-wrap:anywhere] hover:underline ${color}`}
      data-testid={testId}
    >
      <span className="line-clamp-2">{text}</span>
    </button>
  );
}
