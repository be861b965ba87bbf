"use client";

// The keys of a multi-key channel, in its edit drawer: each key masked (as the server sends it) with
// its status and, when disabled, the reason and time; new-api's actions on one key or all of them.
// Destructive actions (disable all, delete one, delete the auto-disabled ones) ask first. Deleting
// is root's: an admin's attempt is refused by the server and toasted like any refusal. The panel
// sits inside the channel form: every button of it is type="button", so none saves the channel.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DataTable, type Column } from "@/components/ui/data-table";
import { Select } from "@/components/ui/select";
import { formatUnixTime } from "@/lib/format-time";
import { KEY_STATUS, type KeyStatusItem } from "@/modules/channels/multi-key-schemas";
import { useChannelKeys, useKeyAction, type KeyActionRequest } from "@/modules/channels/client/multi-keys";

const TONE: Record<number, BadgeTone> = { 1: "success", 2: "neutral", 3: "warning" };
type Pending = { request: Omit<KeyActionRequest, "channel_id">; text: string } | null;

export function MultiKeyPanel({ channelId }: { channelId: number }) {
  const t = useTranslations("channels");
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<number | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const list = useChannelKeys(channelId, page, status);
  const action = useKeyAction();
  const data = list.data;

  const run = (request: Omit<KeyActionRequest, "channel_id">) =>
    action.mutate({ channel_id: channelId, ...request }, { onSuccess: (message) => toast.success(message) });

  const rowAction = (
    label: string,
    testId: string,
    onClick: () => void,
    variant: "outline" | "danger" = "outline",
    disabled = false,
  ) => (
    <Button
      type="button"
      size="sm"
      variant={variant}
      onClick={onClick}
      disabled={disabled || action.isPending}
      data-testid={testId}
    >
      {label}
    </Button>
  );
  const columns: Column<KeyStatusItem>[] = [
    { id: "index", header: t("keys_col_index"), cell: (k) => `#${k.index}` },
    { id: "key", header: t("keys_col_key"), cell: (k) => <code className="text-xs">{k.key_preview}</code> },
    {
      id: "status",
      header: t("keys_col_status"),
      cell: (k) => (
        <Badge tone={TONE[k.status] ?? "neutral"} data-testid={`key-status-${k.index}`}>
          {t(`keys_status_${k.status as 1 | 2 | 3}`)}
        </Badge>
      ),
    },
    { id: "reason", header: t("keys_col_reason"), cell: (k) => k.reason ?? "", className: "max-w-56 truncate" },
    {
      id: "time",
      header: t("keys_col_time"),
      cell: (k) => (k.disabled_time ? formatUnixTime(k.disabled_time) : ""),
    },
    {
      id: "actions",
      header: t("keys_col_actions"),
      cell: (k) => (
        <span className="flex gap-1">
          {k.status === KEY_STATUS.enabled
            ? rowAction(t("keys_disable"), `key-disable-${k.index}`, () =>
                run({ action: "disable_key", key_index: k.index }),
              )
            : rowAction(t("keys_enable"), `key-enable-${k.index}`, () =>
                run({ action: "enable_key", key_index: k.index }),
              )}
          {rowAction(
            t("keys_delete"),
            `key-delete-${k.index}`,
            () =>
              setPending({
                request: { action: "delete_key", key_index: k.index },
                text: t("keys_delete_confirm", { index: k.index, preview: k.key_preview }),
              }),
            "danger",
          )}
        </span>
      ),
    },
  ];

  const statusOptions = [
    { value: "", label: t("keys_filter_all") },
    ...[1, 2, 3].map((s) => ({ value: String(s), label: t(`keys_status_${s as 1 | 2 | 3}`) })),
  ];

  return (
    <section className="flex flex-col gap-2 border-t border-border pt-4" data-testid="multi-key-panel">
      <h3 className="text-sm font-semibold">{t("keys_title")}</h3>
      {data ? (
        <p className="text-xs text-muted" data-testid="multi-key-summary">
          {t("keys_summary", {
            enabled: data.enabled_count,
            manual: data.manual_disabled_count,
            auto: data.auto_disabled_count,
          })}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Select
          value={status === null ? "" : String(status)}
          onValueChange={(v) => {
            setStatus(v ? Number(v) : null);
            setPage(1);
          }}
          options={statusOptions}
          aria-label={t("keys_col_status")}
          className="w-36"
          data-testid="multi-key-filter"
        />
        {rowAction(t("keys_enable_all"), "keys-enable-all", () => run({ action: "enable_all_keys" }))}
        {rowAction(t("keys_disable_all"), "keys-disable-all", () =>
          setPending({ request: { action: "disable_all_keys" }, text: t("keys_disable_all_confirm") }),
        )}
        {rowAction(
          t("keys_delete_disabled"),
          "keys-delete-disabled",
          () => setPending({ request: { action: "delete_disabled_keys" }, text: t("keys_delete_disabled_confirm") }),
          "danger",
        )}
      </div>
      <DataTable
        columns={columns}
        rows={data?.keys ?? []}
        rowKey={(k) => k.index}
        loading={list.isLoading}
        emptyText={list.isError ? t("keys_load_failed") : t("keys_empty")}
        data-testid="multi-key-table"
      />
      {data && data.total_pages > 1 ? (
        <div className="flex items-center justify-end gap-2 text-sm" data-testid="multi-key-pages">
          {rowAction(t("keys_previous"), "keys-previous", () => setPage(data.page - 1), "outline", data.page <= 1)}
          <span className="text-muted">{t("keys_page", { page: data.page, pages: data.total_pages })}</span>
          {rowAction(
            t("keys_next"),
            "keys-next",
            () => setPage(data.page + 1),
            "outline",
            data.page >= data.total_pages,
          )}
        </div>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={t("keys_confirm_title")}
        description={pending?.text}
        danger
        loading={action.isPending}
        onConfirm={() => {
          if (pending) run(pending.request);
          setPending(null);
        }}
        data-testid="multi-key-confirm"
      />
    </section>
  );
}
