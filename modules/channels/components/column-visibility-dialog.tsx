"use client";

// Which table columns show (remembered locally).
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import {
  CHANNEL_COLUMNS,
  isColumnVisible,
  useColumnVisibility,
  type ChannelColumn,
} from "@/modules/channels/client/use-channel-prefs";

export function ColumnVisibilityDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const t = useTranslations("channels");
  const tc = useTranslations("common");
  const [visibility, setVisibility] = useColumnVisibility();
  const label = (c: ChannelColumn) => (c === "actions" ? tc("actions") : t(`col_${c}`));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t("columns_title")}
        closeLabel={tc("close")}
        footer={
          <>
            <Button variant="outline" onClick={() => setVisibility({})} data-testid="columns-reset">
              {t("columns_reset")}
            </Button>
            <Button onClick={() => onOpenChange(false)}>{tc("ok")}</Button>
          </>
        }
      >
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="columns-dialog">
          {CHANNEL_COLUMNS.map((c) => (
            <label key={c} className="inline-flex cursor-pointer items-center gap-2 text-sm">
              <Checkbox
                checked={isColumnVisible(visibility, c)}
                onCheckedChange={(on) => setVisibility({ ...visibility, [c]: on })}
                data-testid={`column-toggle-${c}`}
              />
              {label(c)}
            </label>
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}
