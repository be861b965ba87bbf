"use client";

// The caller's online top-up orders (GET /api/user/topup/self): status badges, empty and error
// states, pagination with a remembered page size. Scrolls sideways at 375 px.
import { RefreshCw } from "lucide-react";
import { useTranslations } from "next-intl";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DataTable, type Column } from "@/components/ui/data-table";
import { PagingBar } from "@/components/ui/pagination";
import { formatMoney } from "@/modules/wallet/components/topup-amount-step";
import type { TopupRecord } from "@/modules/wallet/client/topup/api";
import { useTopupRecords } from "@/modules/wallet/client/topup/use-topup-records";
import { usePaging } from "@/lib/client/use-page-size";
import { formatUnixTime } from "@/lib/format-time";

export const TOPUP_PAGE_SIZE_KEY = "topup-page-size";

const STATUS_TONE: Record<string, BadgeTone> = {
  pending: "warning",
  success: "success",
  failed: "danger",
  expired: "neutral",
};

export function TopupRecords() {
  const t = useTranslations("wallet");
  const tc = useTranslations("common");
  const paging = usePaging(TOPUP_PAGE_SIZE_KEY, 10);
  const { page, pageSize } = paging;
  const { data, isPending, isError, isFetching, refetch } = useTopupRecords(page, pageSize);

  const statusText = (s: string) =>
    s in STATUS_TONE ? t(`status_${s as "pending" | "success" | "failed" | "expired"}`) : tc("unknown");
  const methodText = (m: string) => (m === "alipay" || m === "wxpay" ? t(`method_${m}`) : m || "-");

  const columns: Column<TopupRecord>[] = [
    {
      id: "trade_no",
      header: t("col_trade_no"),
      cell: (r) => <span className="font-mono text-xs">{r.trade_no}</span>,
    },
    { id: "amount", header: t("col_amount"), cell: (r) => <span className="tabular-nums">${r.amount}</span> },
    { id: "money", header: t("col_money"), cell: (r) => <span className="tabular-nums">{formatMoney(r.money)}</span> },
    { id: "method", header: t("col_method"), cell: (r) => methodText(r.payment_method) },
    {
      id: "status",
      header: t("col_status"),
      cell: (r) => (
        <Badge tone={STATUS_TONE[r.status] ?? "neutral"} data-testid="topup-status" data-status={r.status}>
          {statusText(r.status)}
        </Badge>
      ),
    },
    {
      id: "created",
      header: t("col_created"),
      cell: (r) => <span className="text-muted tabular-nums">{formatUnixTime(r.create_time)}</span>,
    },
    {
      id: "completed",
      header: t("col_completed"),
      cell: (r) => <span className="text-muted tabular-nums">{formatUnixTime(r.complete_time) || "-"}</span>,
    },
  ];

  return (
    <Card className="flex flex-col gap-3 p-5" data-testid="topup-records">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 className="font-semibold">{t("records_title")}</h2>
          <p className="text-sm text-muted">{t("records_description")}</p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          onClick={() => void refetch()}
          aria-label={tc("refresh")}
          data-testid="topup-records-refresh"
        >
          <RefreshCw className={isFetching ? "h-4 w-4 animate-spin" : "h-4 w-4"} aria-hidden />
        </Button>
      </div>
      {isError && !data ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-border px-4 py-10 text-center">
          <p className="text-sm text-danger" data-testid="topup-records-error">
            {t("records_load_failed")}
          </p>
          <Button variant="outline" size="sm" onClick={() => void refetch()} loading={isFetching}>
            {t("retry")}
          </Button>
        </div>
      ) : (
        <>
          <DataTable
            columns={columns}
            rows={data?.items ?? []}
            rowKey={(r) => r.id}
            loading={isPending}
            emptyText={t("records_empty")}
            data-testid="topup-table"
          />
          {data && data.total > 0 ? (
            <PagingBar paging={paging} total={data.total} data-testid="topup-pagination" />
          ) : null}
        </>
      )}
    </Card>
  );
}
