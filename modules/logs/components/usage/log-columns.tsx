"use client";

import { ChevronDown, ChevronRight } from "lucide-react";
import { useTranslations } from "next-intl";
import { UserInfoPopover } from "@/modules/logs/components/usage/user-info-popover";
import { useSite } from "@/components/providers/site-context";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { Column } from "@/components/ui/data-table";
import type { LogItem } from "@/modules/logs/client/usage/api";
import {
  firstTokenTone,
  parseLogOther,
  retryChain,
  elapsedTone,
  LOG_TYPES,
} from "@/modules/logs/client/usage/log-display";
import { formatQuota } from "@/lib/format";
import { formatUnixTime } from "@/lib/format-time";
import { LOG_TYPE } from "@/lib/constants";

const TYPE_TONE: Record<number, BadgeTone> = {
  1: "info",
  2: "success",
  3: "warning",
  4: "neutral",
  5: "lime",
  6: "danger",
  7: "info",
};

export const LOG_COLUMN_IDS = [
  "time",
  "channel",
  "user",
  "token",
  "group",
  "type",
  "model",
  "use_time",
  "prompt",
  "completion",
  "quota",
  "ip",
  "retry",
  "details",
] as const;
export type LogColumnId = (typeof LOG_COLUMN_IDS)[number];
export const ADMIN_ONLY_COLUMNS: LogColumnId[] = ["channel", "user", "retry"];

type Options = { admin: boolean; expanded: Set<number>; onToggle: (id: number) => void };

export function useLogColumns({ admin, expanded, onToggle }: Options): Column<LogItem>[] {
  const t = useTranslations("logs");
  const { status } = useSite();
  const quota = (q: number) =>
    formatQuota(q, { inCurrency: status.display_in_currency, quotaPerUnit: status.quota_per_unit, digits: 6 });
  const typeLabel = (type: number) =>
    (LOG_TYPES as readonly number[]).includes(type) ? t(`type_${type as 0}`) : t("type_unknown");
  const isUsage = (r: LogItem) => r.type === LOG_TYPE.consume || r.type === LOG_TYPE.error;

  const columns: (Column<LogItem> & { id: LogColumnId })[] = [
    {
      id: "time",
      header: t("col_time"),
      cell: (r) => (
        <span className="inline-flex items-center gap-1 whitespace-nowrap">
          <Button
            variant="ghost"
            size="icon"
            className="h-6 w-6"
            aria-label={expanded.has(r.id) ? t("collapse") : t("expand")}
            aria-expanded={expanded.has(r.id)}
            onClick={() => onToggle(r.id)}
            data-testid="log-expand"
          >
            {expanded.has(r.id) ? <ChevronDown className="h-4 w-4" /> : <ChevronRight className="h-4 w-4" />}
          </Button>
          {formatUnixTime(r.created_at)}
        </span>
      ),
    },
    {
      id: "channel",
      header: t("col_channel"),
      cell: (r) =>
        r.channel ? (
          <Badge tone="neutral" title={r.channel_name}>
            {r.channel}
            {r.channel_name ? ` · ${r.channel_name}` : ""}
          </Badge>
        ) : null,
    },
    {
      id: "user",
      header: t("col_user"),
      cell: (r) => (r.user_id ? <UserInfoPopover userId={r.user_id} username={r.username} /> : r.username),
    },
    {
      id: "token",
      header: t("col_token"),
      cell: (r) => (r.token_name ? <Badge tone="neutral">{r.token_name}</Badge> : null),
    },
    { id: "group", header: t("col_group"), cell: (r) => r.group },
    {
      id: "type",
      header: t("col_type"),
      cell: (r) => <Badge tone={TYPE_TONE[r.type] ?? "neutral"}>{typeLabel(r.type)}</Badge>,
    },
    {
      id: "model",
      header: t("col_model"),
      cell: (r) => {
        const other = parseLogOther(r.other);
        const upstream = other.is_model_mapped ? String(other.upstream_model_name ?? "") : "";
        return r.model_name ? (
          <span className="flex flex-col">
            <span className="font-medium">{r.model_name}</span>
            {upstream ? <span className="text-xs text-muted">{t("mapped", { model: upstream })}</span> : null}
          </span>
        ) : null;
      },
    },
    {
      id: "use_time",
      header: t("col_use_time"),
      cell: (r) => {
        if (!isUsage(r)) return null;
        const frt = Number(parseLogOther(r.other).frt) || 0;
        return (
          <span className="flex flex-wrap gap-1">
            <Badge tone={elapsedTone(r.use_time)}>{t("seconds", { value: r.use_time })}</Badge>
            {r.is_stream && frt > 0 ? (
              <Badge tone={firstTokenTone(frt)}>{t("frt", { value: (frt / 1000).toFixed(1) })}</Badge>
            ) : null}
            <Badge tone="neutral">{r.is_stream ? t("stream") : t("non_stream")}</Badge>
          </span>
        );
      },
    },
    { id: "prompt", header: t("col_prompt"), cell: (r) => (isUsage(r) ? r.prompt_tokens : null) },
    { id: "completion", header: t("col_completion"), cell: (r) => (isUsage(r) ? r.completion_tokens : null) },
    { id: "quota", header: t("col_quota"), cell: (r) => (r.quota ? quota(r.quota) : null) },
    {
      id: "ip",
      header: t("col_ip"),
      cell: (r) => (r.client_ip ? <span className="font-mono text-xs">{r.client_ip}</span> : null),
    },
    {
      id: "retry",
      header: t("col_retry"),
      cell: (r) => <span className="text-xs">{retryChain(parseLogOther(r.other))}</span>,
    },
    {
      id: "details",
      header: t("col_details"),
      className: "max-w-80",
      cell: (r) => <span className="line-clamp-2 text-xs text-muted">{r.content}</span>,
    },
  ];
  return admin ? columns : columns.filter((c) => !ADMIN_ONLY_COLUMNS.includes(c.id));
}
