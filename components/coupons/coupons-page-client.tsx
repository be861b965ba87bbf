"use client";

// /admin/coupons (spec 2 §2 "Redemption page"): search by id or name, the code table (greyed when
// disabled or a gift is used up), create/edit drawer, enable/disable, delete, batch disable, delete
// disabled, delete by name (count first), copy keys.
import { Ban, Copy, Plus, RotateCcw, Search, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { CouponDrawer, type CouponDrawerState } from "@/components/coupons/coupon-drawer";
import { useCouponColumns } from "@/components/coupons/coupon-columns";
import { CreatedKeysDialog } from "@/components/coupons/created-keys-dialog";
import { DeleteByNameDialog } from "@/components/coupons/delete-by-name-dialog";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DataTable } from "@/components/ui/data-table";
import { Input } from "@/components/ui/input";
import { Pagination } from "@/components/ui/pagination";
import type { Coupon } from "@/lib/client/coupons/api";
import { isGreyed } from "@/lib/client/coupons/coupon-form";
import {
  useBatchDisableCoupons,
  useCoupons,
  useDeleteCoupon,
  useDeleteDisabledCoupons,
  useSetCouponStatus,
} from "@/lib/client/coupons/hooks";
import { useCopy } from "@/lib/client/use-copy";
import { usePaging } from "@/lib/client/use-page-size";

type Confirm = { kind: "delete"; coupon: Coupon } | { kind: "batch_disable" } | { kind: "delete_disabled" } | null;

export function CouponsPageClient() {
  const t = useTranslations("coupons");
  const { page, setPage, pageSize, setPageSize } = usePaging("coupon-page-size");
  const [draft, setDraft] = useState("");
  const [keyword, setKeyword] = useState("");
  const [selected, setSelected] = useState<(string | number)[]>([]);
  const [drawer, setDrawer] = useState<CouponDrawerState>(null);
  const [createdKeys, setCreatedKeys] = useState<string[] | null>(null);
  const [byName, setByName] = useState(false);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const { copy, copyDialog } = useCopy();
  const list = useCoupons({ page, pageSize, keyword });
  const setStatus = useSetCouponStatus();
  const remove = useDeleteCoupon();
  const batchDisable = useBatchDisableCoupons();
  const deleteDisabled = useDeleteDisabledCoupons();
  const rows = list.data?.items ?? [];

  const columns = useCouponColumns({
    onCopy: (c) => void copy(c.key, t("key_copied")),
    onEdit: (c) => setDrawer({ mode: "edit", id: c.id }),
    onToggle: (c) =>
      setStatus.mutate(
        { id: c.id, status: c.status === 1 ? 2 : 1 },
        { onSuccess: () => toast.success(c.status === 1 ? t("disabled") : t("enabled")) },
      ),
    onDelete: (coupon) => setConfirm({ kind: "delete", coupon }),
  });

  const requireSelection = () => {
    if (selected.length > 0) return true;
    toast.error(t("select_at_least_one"));
    return false;
  };
  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    setPage(1);
    setKeyword(draft.trim());
  };
  const runConfirm = () => {
    if (!confirm) return;
    const done = (message: string) => {
      toast.success(message);
      setConfirm(null);
    };
    if (confirm.kind === "delete")
      remove.mutate(confirm.coupon.id, {
        onSuccess: () => {
          setSelected((s) => s.filter((k) => k !== confirm.coupon.id));
          done(t("deleted"));
        },
      });
    else if (confirm.kind === "batch_disable")
      batchDisable.mutate(selected.map(Number), { onSuccess: (n) => done(t("disabled_count", { count: n })) });
    else deleteDisabled.mutate(undefined, { onSuccess: (n) => done(t("deleted_count", { count: n })) });
  };

  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={submitSearch} className="flex flex-wrap items-center gap-2" data-testid="coupon-search">
        <Input
          className="w-full sm:w-64"
          placeholder={t("search_placeholder")}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          data-testid="coupon-search-keyword"
        />
        <Button type="submit" variant="outline" data-testid="coupon-search-submit">
          <Search className="h-4 w-4" />
          {t("search")}
        </Button>
        <Button
          type="button"
          variant="ghost"
          onClick={() => {
            setDraft("");
            setKeyword("");
            setPage(1);
          }}
        >
          <RotateCcw className="h-4 w-4" />
          {t("reset")}
        </Button>
        <Button
          type="button"
          className="w-full sm:ml-auto sm:w-auto"
          onClick={() => setDrawer({ mode: "create" })}
          data-testid="coupon-add"
        >
          <Plus className="h-4 w-4" />
          {t("add")}
        </Button>
      </form>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            if (!requireSelection()) return;
            const keys = rows.filter((r) => selected.includes(r.id)).map((r) => r.key);
            void copy(keys.join("\n"), t("keys_copied", { count: keys.length }));
          }}
          data-testid="coupon-copy-selected"
        >
          <Copy className="h-4 w-4" />
          {t("copy_selected")}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => requireSelection() && setConfirm({ kind: "batch_disable" })}
          data-testid="coupon-batch-disable"
        >
          <Ban className="h-4 w-4" />
          {t("batch_disable")}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setByName(true)} data-testid="coupon-delete-by-name">
          <Trash2 className="h-4 w-4" />
          {t("delete_by_name")}
        </Button>
        <Button
          variant="outline"
          size="sm"
          className="text-danger"
          onClick={() => setConfirm({ kind: "delete_disabled" })}
          data-testid="coupon-delete-disabled"
        >
          <Trash2 className="h-4 w-4" />
          {t("delete_disabled")}
        </Button>
      </div>

      <div>
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          loading={list.isFetching}
          emptyText={list.isError ? t("load_failed") : t("empty")}
          selection={{ selected, onChange: setSelected }}
          rowClassName={(r) => (isGreyed(r) ? "opacity-50" : undefined)}
          data-testid="coupon-table"
        />
        <Pagination
          page={page}
          pageSize={pageSize}
          total={list.data?.total ?? 0}
          onPageChange={setPage}
          onPageSizeChange={setPageSize}
          data-testid="coupon-pagination"
        />
      </div>

      <CouponDrawer state={drawer} onClose={() => setDrawer(null)} onCreated={setCreatedKeys} />
      <CreatedKeysDialog
        keys={createdKeys}
        onClose={() => setCreatedKeys(null)}
        onCopy={(text) => void copy(text, t("keys_copied", { count: createdKeys?.length ?? 0 }))}
      />
      <DeleteByNameDialog open={byName} onClose={() => setByName(false)} />
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(o) => !o && setConfirm(null)}
        title={confirm ? t(`confirm_${confirm.kind}_title`) : ""}
        description={
          confirm?.kind === "delete"
            ? t("confirm_delete", { name: confirm.coupon.name, id: confirm.coupon.id })
            : confirm?.kind === "batch_disable"
              ? t("confirm_batch_disable", { count: selected.length })
              : t("confirm_delete_disabled")
        }
        danger
        loading={remove.isPending || batchDisable.isPending || deleteDisabled.isPending}
        onConfirm={runConfirm}
        data-testid="coupon-confirm"
      />
      {copyDialog}
    </div>
  );
}
