"use client";

// Above the channel table: add, refresh, the bulk-action menu, and the batch / tag / id-sort
// toggles and the column settings. In batch mode the selection's actions appear below.
import { ChevronDown, Columns3, RefreshCw } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Switch } from "@/components/ui/switch";
import { AddButton } from "@/components/admin/add-button";

export type BulkAction = "test_all" | "balance_all" | "delete_disabled" | "fix";

function Toggle({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <label htmlFor={id} className="inline-flex cursor-pointer items-center gap-2 text-sm whitespace-nowrap">
      <Switch id={id} checked={checked} onCheckedChange={onChange} data-testid={id} />
      {label}
    </label>
  );
}

export function ChannelToolbar(p: {
  onAdd: () => void;
  onRefresh: () => void;
  refreshing: boolean;
  onBulk: (a: BulkAction) => void;
  batchMode: boolean;
  onBatchMode: (v: boolean) => void;
  tagMode: boolean;
  onTagMode: (v: boolean) => void;
  idSort: boolean;
  onIdSort: (v: boolean) => void;
  onColumns: () => void;
}) {
  const t = useTranslations("channels");
  const tc = useTranslations("common");
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="channel-toolbar">
      <AddButton label={t("add")} onClick={p.onAdd} data-testid="channel-add" />
      <Button variant="outline" onClick={p.onRefresh} loading={p.refreshing} data-testid="channel-refresh">
        <RefreshCw className="h-4 w-4" />
        {tc("refresh")}
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" data-testid="channel-bulk-menu">
            {t("bulk_actions")}
            <ChevronDown className="h-4 w-4" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start">
          <DropdownMenuItem onSelect={() => p.onBulk("test_all")} data-testid="bulk-test-all">
            {t("test_all")}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => p.onBulk("balance_all")} data-testid="bulk-balance-all">
            {t("update_all_balances")}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => p.onBulk("fix")} data-testid="bulk-fix">
            {t("fix_abilities")}
          </DropdownMenuItem>
          <DropdownMenuItem
            className="text-danger"
            onSelect={() => p.onBulk("delete_disabled")}
            data-testid="bulk-delete-disabled"
          >
            {t("delete_disabled")}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <div className="flex flex-wrap items-center gap-4 sm:ml-auto">
        <Toggle id="channel-batch-mode" label={t("batch_mode")} checked={p.batchMode} onChange={p.onBatchMode} />
        <Toggle id="channel-tag-mode" label={t("tag_mode")} checked={p.tagMode} onChange={p.onTagMode} />
        <Toggle id="channel-id-sort" label={t("id_sort")} checked={p.idSort} onChange={p.onIdSort} />
        <Button variant="ghost" size="sm" onClick={p.onColumns} data-testid="channel-columns">
          <Columns3 className="h-4 w-4" />
          {t("columns")}
        </Button>
      </div>
    </div>
  );
}

export function BatchBar({
  count,
  onDelete,
  onTag,
  onEnable,
  onDisable,
}: {
  count: number;
  onDelete: () => void;
  onTag: () => void;
  onEnable: () => void;
  onDisable: () => void;
}) {
  const t = useTranslations("channels");
  return (
    <div
      className="flex flex-wrap items-center gap-2 rounded-md border border-border bg-surface-muted/50 px-3 py-2 text-sm"
      data-testid="channel-batch-bar"
    >
      <span className="mr-2 text-muted">{t("selected_count", { count })}</span>
      <Button size="sm" variant="outline" onClick={onEnable} data-testid="batch-enable">
        {t("enable_selected")}
      </Button>
      <Button size="sm" variant="outline" onClick={onDisable} data-testid="batch-disable">
        {t("disable_selected")}
      </Button>
      <Button size="sm" variant="outline" onClick={onTag} data-testid="batch-set-tag">
        {t("set_tag")}
      </Button>
      <Button size="sm" variant="danger" onClick={onDelete} data-testid="batch-delete">
        {t("delete_selected")}
      </Button>
    </div>
  );
}
