"use client";

// The channel table's columns: plain channels and tag rows share them;
// tag rows get enable all / disable all / edit tag instead of the per-channel actions.
import { ChevronDown, ChevronRight, Pencil, Play } from "lucide-react";
import { useTranslations } from "next-intl";
import {
  BalanceCell,
  InlineNumber,
  ResponseTime,
  StatusBadge,
  TypeBadge,
} from "@/modules/channels/components/channel-cells";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { Tooltip } from "@/components/ui/tooltip";
import type { Column } from "@/components/ui/data-table";
import { RowMenu } from "@/components/admin/row-cells";
import { toList } from "@/lib/channel-rules";
import type { ChannelItem, ChannelRow, TagRow } from "@/modules/channels/client/api";
import { isColumnVisible, type ChannelColumn } from "@/modules/channels/client/use-channel-prefs";
import { CHANNEL_STATUS } from "@/lib/constants";

export type ChannelActions = {
  onTest: (c: ChannelItem) => void;
  onEdit: (c: ChannelItem) => void;
  onToggle: (c: ChannelItem) => void;
  onCopy: (c: ChannelItem) => void;
  onDelete: (c: ChannelItem) => void;
  onBalance: (c: ChannelItem) => void;
  onNumber: (row: ChannelRow, field: "priority" | "weight", value: string) => void;
  onTagStatus: (tag: TagRow, enabled: boolean) => void;
  onTagEdit: (tag: TagRow) => void;
  expanded: Set<string>;
  onExpand: (tag: string) => void;
  balanceUpdating: number | null;
};

function Groups({ value }: { value: string }) {
  return (
    <span className="flex max-w-56 flex-wrap gap-1">
      {toList(value).map((g) => (
        <Badge key={g} tone="neutral">
          {g}
        </Badge>
      ))}
    </span>
  );
}

export function useChannelTableColumns(a: ChannelActions, visibility: Record<string, boolean>): Column<ChannelRow>[] {
  const t = useTranslations("channels");
  const tc = useTranslations("common");
  const all: (Column<ChannelRow> & { id: ChannelColumn })[] = [
    { id: "id", header: t("col_id"), cell: (r) => (r.is_tag ? "" : r.id) },
    {
      id: "name",
      header: t("col_name"),
      cell: (r) =>
        r.is_tag ? (
          <button
            type="button"
            className="inline-flex items-center gap-1 font-medium"
            onClick={() => a.onExpand(r.tag)}
            aria-expanded={a.expanded.has(r.tag)}
            data-testid="channel-tag-toggle"
          >
            {a.expanded.has(r.tag) ? <ChevronDown className="h-4 w-4" /> : <ChevronRight className="h-4 w-4" />}
            <Badge tone="info">{t("tag_label")}</Badge>
            {r.tag}
            <span className="text-xs text-muted">({t("tag_children", { count: r.children.length })})</span>
          </button>
        ) : (
          <span className="flex flex-col">
            <span className="font-medium" data-testid="channel-row-name">
              {r.name}
            </span>
            {r.remark ? <span className="text-xs text-muted">{r.remark}</span> : null}
          </span>
        ),
    },
    { id: "group", header: t("col_group"), cell: (r) => <Groups value={r.group} /> },
    {
      id: "type",
      header: t("col_type"),
      cell: (r) => <TypeBadge type={r.type} keyCount={r.is_tag ? undefined : r.channel_info.key_count} />,
    },
    {
      id: "status",
      header: t("col_status"),
      cell: (r) => <StatusBadge status={r.status} otherInfo={r.is_tag ? undefined : r.other_info} />,
    },
    {
      id: "response_time",
      header: t("col_response_time"),
      cell: (r) => <ResponseTime ms={r.response_time} testedAt={r.test_time} />,
    },
    {
      id: "balance",
      header: t("col_balance"),
      cell: (r) => (
        <BalanceCell
          used={r.used_quota}
          balance={r.balance}
          onUpdate={r.is_tag ? undefined : () => a.onBalance(r)}
          updating={!r.is_tag && a.balanceUpdating === r.id}
        />
      ),
    },
    {
      id: "priority",
      header: t("col_priority"),
      cell: (r) => (
        <InlineNumber
          value={r.priority}
          min={-999}
          label={t("col_priority")}
          onSave={(v) => a.onNumber(r, "priority", v)}
          data-testid="channel-priority"
        />
      ),
    },
    {
      id: "weight",
      header: t("col_weight"),
      cell: (r) => (
        <InlineNumber
          value={r.weight}
          min={0}
          label={t("col_weight")}
          onSave={(v) => a.onNumber(r, "weight", v)}
          data-testid="channel-weight"
        />
      ),
    },
    {
      id: "actions",
      header: tc("actions"),
      // Pinned to the right edge so the actions stay reachable while a wide table scrolls.
      className: "sticky right-0 bg-surface shadow-[inset_1px_0_0_var(--color-border)]",
      cell: (r) => (r.is_tag ? <TagActions row={r} a={a} /> : <ChannelRowActions row={r} a={a} />),
    },
  ];
  return all.filter((c) => isColumnVisible(visibility, c.id));
}

function EditButton({ label, onClick, ...rest }: { label: string; onClick: () => void; "data-testid": string }) {
  return (
    <Button
      size="icon"
      variant="ghost"
      className="h-8 w-8"
      onClick={onClick}
      aria-label={label}
      title={label}
      {...rest}
    >
      <Pencil className="h-4 w-4" />
    </Button>
  );
}

function TagActions({ row, a }: { row: TagRow; a: ChannelActions }) {
  const t = useTranslations("channels");
  return (
    <span className="flex items-center gap-1">
      {([true, false] as const).map((enabled) => (
        <Button
          key={String(enabled)}
          size="sm"
          variant="outline"
          className="px-2"
          onClick={() => a.onTagStatus(row, enabled)}
          data-testid={enabled ? "tag-enable-all" : "tag-disable-all"}
        >
          {enabled ? t("enable_all") : t("disable_all")}
        </Button>
      ))}
      <EditButton label={t("edit_tag")} onClick={() => a.onTagEdit(row)} data-testid="tag-edit" />
    </span>
  );
}

function ChannelRowActions({ row, a }: { row: ChannelItem; a: ChannelActions }) {
  const t = useTranslations("channels");
  const tc = useTranslations("common");
  return (
    <span className="flex items-center gap-1">
      <Button size="sm" variant="outline" className="px-2" onClick={() => a.onTest(row)} data-testid="channel-test">
        <Play className="h-3.5 w-3.5" />
        {t("test")}
      </Button>
      <Tooltip content={row.status === CHANNEL_STATUS.enabled ? tc("disable") : tc("enable")}>
        <span className="inline-flex px-1">
          <Switch
            checked={row.status === CHANNEL_STATUS.enabled}
            onCheckedChange={() => a.onToggle(row)}
            aria-label={row.status === CHANNEL_STATUS.enabled ? tc("disable") : tc("enable")}
            data-testid="channel-toggle"
          />
        </span>
      </Tooltip>
      <EditButton label={tc("edit")} onClick={() => a.onEdit(row)} data-testid="channel-edit" />
      <RowMenu
        label={t("more_actions")}
        data-testid="channel-more"
        items={[
          { label: t("copy"), onSelect: () => a.onCopy(row), testId: "channel-copy" },
          { label: t("update_balance"), onSelect: () => a.onBalance(row) },
          {
            label: tc("delete"),
            onSelect: () => a.onDelete(row),
            danger: true,
            separatorBefore: true,
            testId: "channel-delete",
          },
        ]}
      />
    </span>
  );
}
