"use client";

import { useTranslations } from "next-intl";
import { useCallback, useSyncExternalStore } from "react";
import { ADMIN_ONLY_COLUMNS, LOG_COLUMN_IDS, type LogColumnId } from "@/modules/logs/components/usage/log-columns";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { getStoredValue, setStoredValue } from "@/lib/client/storage";

const STORAGE_KEY = "logs-table-columns";
const listeners = new Set<() => void>();
const subscribe = (fn: () => void) => {
  listeners.add(fn);
  return () => listeners.delete(fn);
};

/** Hidden log columns, remembered locally (the logs page's column settings). */
export function useHiddenLogColumns(): [string, (hidden: LogColumnId[]) => void] {
  const raw = useSyncExternalStore(
    subscribe,
    () => getStoredValue(STORAGE_KEY) ?? "[]",
    () => "[]",
  );
  const set = useCallback((hidden: LogColumnId[]) => {
    setStoredValue(STORAGE_KEY, JSON.stringify(hidden));
    listeners.forEach((fn) => fn());
  }, []);
  return [raw, set];
}

export function parseHidden(raw: string): LogColumnId[] {
  try {
    const v = JSON.parse(raw) as unknown;
    return Array.isArray(v) ? (v.filter((x) => LOG_COLUMN_IDS.includes(x as LogColumnId)) as LogColumnId[]) : [];
  } catch {
    return [];
  }
}

const HEADER_KEY: Record<LogColumnId, `col_${LogColumnId}`> = Object.fromEntries(
  LOG_COLUMN_IDS.map((id) => [id, `col_${id}`]),
) as Record<LogColumnId, `col_${LogColumnId}`>;

export function LogColumnSettings({
  open,
  onOpenChange,
  admin,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  admin: boolean;
}) {
  const t = useTranslations("logs");
  const tc = useTranslations("common");
  const [raw, setHidden] = useHiddenLogColumns();
  const hidden = parseHidden(raw);
  const ids = LOG_COLUMN_IDS.filter((id) => admin || !ADMIN_ONLY_COLUMNS.includes(id));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t("column_settings_title")}
        closeLabel={tc("close")}
        footer={
          <Button variant="outline" onClick={() => setHidden([])}>
            {t("column_reset")}
          </Button>
        }
      >
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="log-column-settings">
          {ids.map((id) => (
            <label key={id} className="flex items-center gap-2 text-sm">
              <Checkbox
                checked={!hidden.includes(id)}
                onCheckedChange={(on) => setHidden(on ? hidden.filter((h) => h !== id) : [...hidden, id])}
                data-testid={`log-column-${id}`}
              />
              {t(HEADER_KEY[id])}
            </label>
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}
