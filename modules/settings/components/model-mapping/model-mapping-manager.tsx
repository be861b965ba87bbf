"use client";

// The model-mapping manager: virtual model → actual models with
// priorities. The relay serves a virtual model with its actual models, higher priority first.
// Add/edit in a dialog, delete with confirmation, reload from the server; failures show the
// action's message (获取模型映射配置失败, 保存失败, 删除失败, 重新加载失败) with the cause appended.
import { RefreshCw } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { MappingDialog } from "@/modules/settings/components/model-mapping/mapping-dialog";
import { SectionCard } from "@/modules/settings/components/option-section";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Banner } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DataTable, type Column } from "@/components/ui/data-table";
import { describeError } from "@/lib/client/describe-error";
import { useModelMapping, useReloadModelMapping, useSaveModelMapping } from "@/modules/settings/client/hooks";
import type { MappingTarget, ModelMapping } from "@/modules/settings/model-mapping";
import { AddButton } from "@/components/admin/add-button";
import { EditDeleteButtons } from "@/components/admin/edit-delete-buttons";

type Row = { virtual: string; targets: MappingTarget[] };

export function ModelMappingManager() {
  const t = useTranslations("settings");
  const tc = useTranslations("common");
  const te = useTranslations("errors");
  const mapping = useModelMapping();
  const save = useSaveModelMapping();
  const reload = useReloadModelMapping();
  const [editing, setEditing] = useState<Row | "new" | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const data: ModelMapping = mapping.data ?? {};
  const rows: Row[] = Object.entries(data).map(([virtual, targets]) => ({ virtual, targets }));
  const cause = (err: unknown) => describeError(err, te);

  const remove = (virtual: string) => {
    const next = { ...data };
    delete next[virtual];
    save.mutate(next, {
      onSuccess: () => {
        setDeleting(null);
        toast.success(t("mapping.deleted"));
      },
      onError: (err) => toast.error(t("mapping.delete_failed", { cause: cause(err) })),
    });
  };

  const columns: Column<Row>[] = [
    {
      id: "virtual",
      header: t("mapping.virtual"),
      cell: (r) => <span className="font-mono text-xs">{r.virtual}</span>,
    },
    {
      id: "targets",
      header: t("mapping.actual"),
      cell: (r) => (
        <div className="flex flex-wrap gap-1">
          {[...r.targets]
            .sort((a, b) => b.priorities - a.priorities)
            .map((tg) => (
              <Badge key={tg.model} tone="info">
                {tg.model} · {tg.priorities}
              </Badge>
            ))}
        </div>
      ),
    },
    {
      id: "actions",
      header: tc("actions"),
      cell: (r) => (
        <EditDeleteButtons
          onEdit={() => setEditing(r)}
          onDelete={() => setDeleting(r.virtual)}
          testIdPrefix="mapping"
        />
      ),
    },
  ];

  return (
    <SectionCard testId="settings-section-mapping" title={t("mapping.title")} description={t("mapping.description")}>
      <div className="mb-3 flex flex-wrap gap-2">
        <AddButton label={t("mapping.add")} onClick={() => setEditing("new")} data-testid="mapping-add" />
        <Button
          variant="outline"
          loading={reload.isPending}
          data-testid="mapping-reload"
          onClick={() =>
            reload.mutate(undefined, {
              onSuccess: () => toast.success(t("mapping.reloaded")),
              onError: (err) => toast.error(t("mapping.reload_failed", { cause: cause(err) })),
            })
          }
        >
          <RefreshCw className="h-4 w-4" />
          {t("mapping.reload")}
        </Button>
      </div>
      {mapping.isError ? (
        <Banner
          tone="danger"
          className="mb-3 flex flex-wrap items-center justify-between gap-3"
          data-testid="mapping-load-error"
        >
          <span>{t("mapping.load_failed", { cause: cause(mapping.error) })}</span>
          <Button size="sm" variant="outline" onClick={() => void mapping.refetch()}>
            {t("retry")}
          </Button>
        </Banner>
      ) : null}
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.virtual}
        loading={mapping.isPending}
        emptyText={t("mapping.empty")}
        data-testid="mapping-table"
      />
      {editing ? (
        <MappingDialog
          entry={editing === "new" ? null : editing}
          mapping={data}
          saving={save.isPending}
          onClose={() => setEditing(null)}
          onSave={(next) =>
            save.mutate(next, {
              onSuccess: () => {
                setEditing(null);
                toast.success(t("mapping.saved"));
              },
              onError: (err) => toast.error(t("mapping.save_failed", { cause: cause(err) })),
            })
          }
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("mapping.delete_title")}
        description={t("mapping.delete_confirm", { name: deleting ?? "" })}
        danger
        loading={save.isPending}
        onConfirm={() => deleting && remove(deleting)}
        data-testid="mapping-delete-dialog"
      />
    </SectionCard>
  );
}
