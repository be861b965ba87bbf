"use client";

// The update check: asks our server (GET /api/status/update), which fetches the
// latest release from the root-configured URL through the outbound guard and compares it with our
// version. Runs after the page has rendered, never blocks it; any failure — offline, refused,
// timed out — shows 检查更新失败，请稍后再试. `auto` checks on mount (about page); otherwise a button
// starts it (root's settings).
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { apiData } from "@/lib/client/api";
import type { UpdateInfoAnswer } from "@/app/api/status/update/route";

export function UpdateCheck({ auto }: { auto: boolean }) {
  const t = useTranslations("home");
  const q = useQuery({
    queryKey: ["status", "update"],
    queryFn: ({ signal }) => apiData<UpdateInfoAnswer>("/api/status/update", { signal }),
    enabled: auto,
    retry: false,
    staleTime: 10 * 60 * 1000,
    // The failure is shown here, in place; no global toast.
    meta: { silent: true },
  });
  const info = q.data;
  return (
    <div className="mt-4 flex flex-col gap-2 text-sm" data-testid="update-check">
      <div className="flex flex-wrap items-center gap-3">
        {auto ? null : (
          <Button
            type="button"
            variant="outline"
            size="sm"
            loading={q.isFetching}
            onClick={() => void q.refetch()}
            data-testid="update-check-button"
          >
            {t("update_check")}
          </Button>
        )}
        {q.isFetching ? (
          <span className="text-muted" data-testid="update-check-pending">
            {t("update_checking")}
          </span>
        ) : q.isError ? (
          <span className="text-danger" role="alert" data-testid="update-check-error">
            {t("update_check_failed")}
          </span>
        ) : info ? (
          <span data-testid="update-check-result">
            {info.has_update
              ? t("update_available", { latest: info.latest_version, current: info.current_version })
              : t("update_latest", { version: info.latest_version })}
          </span>
        ) : null}
        {!q.isFetching && info?.has_update && info.release_url ? (
          <a
            href={info.release_url}
            target="_blank"
            rel="noopener noreferrer"
            className="text-primary underline-offset-2 hover:underline"
            data-testid="update-check-link"
          >
            {t("update_release_page")}
          </a>
        ) : null}
      </div>
      {!q.isFetching && info?.has_update && info.notes ? (
        <details className="rounded-md border border-border p-3">
          <summary className="cursor-pointer text-muted">{t("update_notes")}</summary>
          <pre className="mt-2 max-h-80 overflow-auto text-xs whitespace-pre-wrap">{info.notes}</pre>
        </details>
      ) : null}
    </div>
  );
}
