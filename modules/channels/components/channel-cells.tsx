"use client";

// Small cells of the channel table: type, status (with the auto-disable reason), response time
// colour band, used quota / balance, and the inline priority/weight editor.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useSite } from "@/components/providers/site-context";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Input } from "@/components/ui/input";
import { Tooltip } from "@/components/ui/tooltip";
import { channelTypeInfo } from "@/lib/channel-types";
import { responseTimeTone } from "@/lib/channel-rules";
import { formatQuota } from "@/lib/format";
import { formatUnixTime } from "@/lib/format-time";
import { CHANNEL_STATUS } from "@/lib/constants";

const STATUS_TONE: Record<number, BadgeTone> = {
  [CHANNEL_STATUS.enabled]: "success",
  [CHANNEL_STATUS.manuallyDisabled]: "neutral",
  [CHANNEL_STATUS.autoDisabled]: "warning",
};
const STATUSES: readonly number[] = Object.values(CHANNEL_STATUS);

/** The display name of a channel type (brand names as is; generic ones translated). */
export function useTypeName() {
  const t = useTranslations("channels");
  return (type: number) => {
    if (type === -1) return t("type_mixed");
    if (type === 8) return t("type_custom");
    return channelTypeInfo(type)?.name ?? t("type_unknown", { type });
  };
}

export function TypeBadge({ type, keyCount }: { type: number; keyCount?: number }) {
  const t = useTranslations("channels");
  const name = useTypeName()(type);
  return (
    <span className="inline-flex items-center gap-1">
      <Badge tone="info">{name}</Badge>
      {keyCount && keyCount > 1 ? <Badge tone="neutral">{t("multi_key_count", { count: keyCount })}</Badge> : null}
    </span>
  );
}

function parseOtherInfo(text: string | undefined): { reason?: string; time?: number } {
  try {
    const v = JSON.parse(text || "{}") as { status_reason?: unknown; status_time?: unknown };
    return {
      reason: typeof v.status_reason === "string" ? v.status_reason : undefined,
      time: typeof v.status_time === "number" ? v.status_time : undefined,
    };
  } catch {
    return {};
  }
}

export function StatusBadge({ status, otherInfo }: { status: number; otherInfo?: string }) {
  const t = useTranslations("channels");
  const label = STATUSES.includes(status) ? t(`status_${status as 1}`) : t("status_unknown");
  const badge = (
    <Badge tone={STATUS_TONE[status] ?? "neutral"} data-testid="channel-status">
      {label}
    </Badge>
  );
  if (status !== CHANNEL_STATUS.autoDisabled) return badge;
  const info = parseOtherInfo(otherInfo);
  const content = (
    <div className="flex max-w-xs flex-col gap-0.5 text-xs" data-testid="channel-status-reason">
      <span>{t("status_reason", { reason: info.reason || t("status_reason_unknown") })}</span>
      {info.time ? <span>{t("status_time", { time: formatUnixTime(info.time) })}</span> : null}
    </div>
  );
  return (
    <Tooltip content={content}>
      <span tabIndex={0} className="cursor-help">
        {badge}
      </span>
    </Tooltip>
  );
}

const TIME_TONE: Record<ReturnType<typeof responseTimeTone>, BadgeTone> = {
  untested: "neutral",
  success: "success",
  lime: "lime",
  warning: "warning",
  danger: "danger",
};

export function ResponseTime({ ms, testedAt }: { ms: number; testedAt?: number }) {
  const t = useTranslations("channels");
  const tone = responseTimeTone(ms);
  const badge = (
    <Badge tone={TIME_TONE[tone]} data-testid="channel-response-time" data-tone={tone}>
      {ms ? t("seconds", { value: (ms / 1000).toFixed(2) }) : t("untested")}
    </Badge>
  );
  if (!testedAt) return badge;
  return (
    <Tooltip content={t("tested_at", { time: formatUnixTime(testedAt) })}>
      <span tabIndex={0}>{badge}</span>
    </Tooltip>
  );
}

export function useQuotaText() {
  const { status } = useSite();
  return (q: number) => formatQuota(q, { inCurrency: status.display_in_currency, quotaPerUnit: status.quota_per_unit });
}

/** Used quota, and the balance (click to refresh it from the upstream). */
export function BalanceCell({
  used,
  balance,
  onUpdate,
  updating,
}: {
  used: number;
  balance: number;
  onUpdate?: () => void;
  updating?: boolean;
}) {
  const t = useTranslations("channels");
  const quota = useQuotaText();
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap">
      <Tooltip content={t("used_quota")}>
        <span tabIndex={0}>
          <Badge tone="neutral">{quota(used)}</Badge>
        </span>
      </Tooltip>
      {onUpdate ? (
        <Tooltip content={t("balance_click")}>
          <button
            type="button"
            onClick={onUpdate}
            disabled={updating}
            className="rounded focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-50"
            data-testid="channel-balance"
          >
            <Badge tone="info">{t("balance_usd", { value: balance.toFixed(2) })}</Badge>
          </button>
        </Tooltip>
      ) : null}
    </span>
  );
}

/**
 * A number saved when the field loses focus or on Enter (priority, weight). The draft resets when
 * the server value changes; invalid values are refused by `validate` with a toast by the caller.
 */
export function InlineNumber({
  value,
  onSave,
  label,
  min,
  "data-testid": testId,
}: {
  value: number;
  onSave: (next: string) => void;
  label: string;
  min?: number;
  "data-testid"?: string;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft !== null && draft !== String(value)) onSave(draft);
    setDraft(null);
  };
  return (
    <Input
      type="number"
      inputMode="numeric"
      min={min}
      aria-label={label}
      className="h-8 w-16"
      value={draft ?? String(value)}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === "Enter") (e.target as HTMLInputElement).blur();
        if (e.key === "Escape") setDraft(null);
      }}
      data-testid={testId}
    />
  );
}
