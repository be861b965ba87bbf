"use client";

// /admin/channels (also /channel/add and /channel/edit/{id}, which open the drawer on load): search,
// toolbar, the paged channel table (plain or by tag), batch actions and every dialog.
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { BatchTagDialog } from "@/modules/channels/components/batch-tag-dialog";
import { ChannelBulkDialogs, type PendingBulk } from "@/modules/channels/components/channel-bulk-dialogs";
import { useChannelTableColumns } from "@/modules/channels/components/channel-columns";
import { ChannelDrawer, type DrawerState } from "@/modules/channels/components/channel-drawer";
import { ChannelSearchForm, EMPTY_SEARCH, type ChannelSearch } from "@/modules/channels/components/channel-search-form";
import { BatchBar, ChannelToolbar } from "@/modules/channels/components/channel-toolbar";
import { ColumnVisibilityDialog } from "@/modules/channels/components/column-visibility-dialog";
import { ModelTestDialog } from "@/modules/channels/components/model-test-dialog";
import { TagEditDialog } from "@/modules/channels/components/tag-edit-dialog";
import { DataTable } from "@/components/ui/data-table";
import { Pagination } from "@/components/ui/pagination";
import { useSchemaCheck } from "@/components/admin/use-schema-check";
import { numberOf } from "@/lib/client/number-text";
import { editTagSchema } from "@/modules/channels/schemas";
import type { ChannelItem, ChannelRow, TagRow } from "@/modules/channels/client/api";
import {
  useChannels,
  useCopyChannel,
  useEditTag,
  useSetTagStatus,
  useUpdateBalance,
  useUpdateChannel,
} from "@/modules/channels/client/hooks";
import { useChannelTagMode, useColumnVisibility } from "@/modules/channels/client/use-channel-prefs";
import { cn } from "@/lib/client/cn";
import { usePageSize } from "@/lib/client/use-page-size";
import { CHANNEL_STATUS } from "@/lib/constants";

const rowKey = (r: ChannelRow) => r.id;

export function ChannelsPageClient({ initialDrawer = null }: { initialDrawer?: DrawerState }) {
  const t = useTranslations("channels");
  const router = useRouter();
  const [pageSize, setPageSize] = usePageSize("channels-page-size");
  const [tagMode, setTagMode] = useChannelTagMode();
  const [visibility] = useColumnVisibility();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState<ChannelSearch>(EMPTY_SEARCH);
  const [idSort, setIdSort] = useState(false);
  const [batchMode, setBatchMode] = useState(false);
  const [selected, setSelected] = useState<(string | number)[]>([]);
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [drawer, setDrawer] = useState<DrawerState>(initialDrawer);
  const [testing, setTesting] = useState<ChannelItem | null>(null);
  const [tagEditing, setTagEditing] = useState<TagRow | null>(null);
  const [columnsOpen, setColumnsOpen] = useState(false);
  const [batchTagOpen, setBatchTagOpen] = useState(false);
  const [pending, setPending] = useState<PendingBulk>(null);
  const list = useChannels({ page, pageSize, ...search, idSort, tagMode });
  const update = useUpdateChannel();
  const copy = useCopyChannel();
  const tagStatus = useSetTagStatus();
  const editTag = useEditTag();
  const { check } = useSchemaCheck();
  const balance = useUpdateBalance();
  const rows = list.data?.items ?? [];
  // An expanded tag row is followed by its channels, in the same columns.
  const displayRows = rows.flatMap((r): ChannelRow[] => (r.is_tag && expanded.has(r.tag) ? [r, ...r.children] : [r]));
  const childIds = new Set(rows.flatMap((r) => (r.is_tag ? r.children.map((c) => c.id) : [])));

  /** The selected channel ids (a selected tag row stands for its children). */
  const selectedIds = () => {
    const keys = new Set(selected);
    const ids = rows.flatMap((r) =>
      r.is_tag ? (keys.has(r.id) ? r.children.map((c) => c.id) : []) : keys.has(r.id) ? [r.id] : [],
    );
    const onOtherPages = selected.filter((k): k is number => typeof k === "number" && !rows.some((r) => r.id === k));
    return [...new Set([...ids, ...onOtherPages])];
  };

  const closeDrawer = () => {
    setDrawer(null);
    // /channel/add and /channel/edit/{id} are entry points; closing lands on the list itself.
    if (initialDrawer) router.replace("/admin/channels");
  };

  const saveNumber = (row: ChannelRow, field: "priority" | "weight", value: string) => {
    // The same rule as the tag and channel edits: editTagSchema's priority and weight.
    const picked = check(editTagSchema.pick({ priority: true, weight: true }), { [field]: numberOf(value) });
    if (!picked) return;
    const done = { onSuccess: () => toast.success(t("saved")) };
    if (row.is_tag) editTag.mutate({ tag: row.tag, ...picked }, done);
    else update.mutate({ id: row.id, ...picked }, done);
  };

  const columns = useChannelTableColumns(
    {
      onTest: setTesting,
      onEdit: (c) => setDrawer({ mode: "edit", id: c.id }),
      onToggle: (c) =>
        update.mutate(
          {
            id: c.id,
            status: c.status === CHANNEL_STATUS.enabled ? CHANNEL_STATUS.manuallyDisabled : CHANNEL_STATUS.enabled,
          },
          {
            onSuccess: () => toast.success(c.status === CHANNEL_STATUS.enabled ? t("disabled_one") : t("enabled_one")),
          },
        ),
      onCopy: (c) =>
        copy.mutate(c.id, {
          onSuccess: () => toast.success(t("copied_channel", { name: c.name })),
          onError: () => toast.error(t("copy_failed")),
        }),
      onDelete: (c) => setPending({ kind: "delete_one", channel: c }),
      onBalance: (c) =>
        balance.mutate(c.id, { onSuccess: (b) => toast.success(t("balance_updated", { value: b.toFixed(2) })) }),
      onNumber: saveNumber,
      onTagStatus: (row, enabled) =>
        tagStatus.mutate(
          { tag: row.tag, enabled },
          { onSuccess: (n) => toast.success(t(enabled ? "tag_enabled" : "tag_disabled", { count: n })) },
        ),
      onTagEdit: setTagEditing,
      expanded,
      onExpand: (tag) =>
        setExpanded((s) => {
          const n = new Set(s);
          if (n.has(tag)) n.delete(tag);
          else n.add(tag);
          return n;
        }),
      balanceUpdating: balance.isPending ? (balance.variables ?? null) : null,
    },
    visibility,
  );

  /** Acting on nothing is refused up front (请先选择要删除的通道！), without a dialog. */
  const onSelection = (kind: "delete_selected" | "enable_selected" | "disable_selected") => {
    const ids = selectedIds();
    if (ids.length === 0)
      return void toast.error(t(kind === "delete_selected" ? "error_select_to_delete" : "error_select_channels"));
    setPending({ kind, ids });
  };

  const resetPage = () => {
    setPage(1);
    setSelected([]);
  };

  return (
    <div className="flex flex-col gap-4">
      <ChannelSearchForm
        typeCounts={list.data?.type_counts ?? {}}
        onSearch={(s) => {
          setSearch(s);
          resetPage();
        }}
      />
      <ChannelToolbar
        onAdd={() => setDrawer({ mode: "create" })}
        onRefresh={() => void list.refetch()}
        refreshing={list.isFetching}
        onBulk={(kind) => setPending({ kind })}
        batchMode={batchMode}
        onBatchMode={(on) => {
          setBatchMode(on);
          setSelected([]);
        }}
        tagMode={tagMode}
        onTagMode={(on) => {
          setTagMode(on);
          resetPage();
        }}
        idSort={idSort}
        onIdSort={(on) => {
          setIdSort(on);
          setPage(1);
        }}
        onColumns={() => setColumnsOpen(true)}
      />
      {batchMode ? (
        <BatchBar
          count={selectedIds().length}
          onDelete={() => onSelection("delete_selected")}
          onTag={() => (selectedIds().length ? setBatchTagOpen(true) : toast.error(t("error_select_to_tag")))}
          onEnable={() => onSelection("enable_selected")}
          onDisable={() => onSelection("disable_selected")}
        />
      ) : null}
      <div>
        <DataTable
          columns={columns}
          rows={displayRows}
          rowKey={rowKey}
          loading={list.isFetching}
          emptyText={list.isError ? t("load_failed") : t("empty")}
          selection={batchMode ? { selected, onChange: setSelected } : undefined}
          rowClassName={(r) =>
            cn(
              r.status !== CHANNEL_STATUS.enabled && "text-muted",
              !r.is_tag && childIds.has(r.id) && "bg-surface-muted/40",
            )
          }
          data-testid="channel-table"
        />
        <Pagination
          page={page}
          pageSize={pageSize}
          total={list.data?.total ?? 0}
          onPageChange={setPage}
          onPageSizeChange={(s) => {
            setPageSize(s);
            resetPage();
          }}
          data-testid="channel-pagination"
        />
      </div>

      <ChannelDrawer state={drawer} onClose={closeDrawer} />
      <ModelTestDialog channel={testing} onClose={() => setTesting(null)} />
      <TagEditDialog row={tagEditing} onClose={() => setTagEditing(null)} />
      <ColumnVisibilityDialog open={columnsOpen} onOpenChange={setColumnsOpen} />
      <BatchTagDialog
        open={batchTagOpen}
        onOpenChange={setBatchTagOpen}
        ids={batchTagOpen ? selectedIds() : []}
        onDone={() => {
          setBatchTagOpen(false);
          setSelected([]);
        }}
      />
      <ChannelBulkDialogs pending={pending} onClose={() => setPending(null)} onDone={() => setSelected([])} />
    </div>
  );
}
