"use client";

// After a batch is created: the generated keys, once, with a copy-all button.
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { Textarea } from "@/components/ui/textarea";

export function CreatedKeysDialog({
  keys,
  onClose,
  onCopy,
}: {
  keys: string[] | null;
  onClose: () => void;
  onCopy: (text: string) => void;
}) {
  const t = useTranslations("redemptions");
  const tc = useTranslations("common");
  const text = (keys ?? []).join("\n");
  return (
    <Dialog open={keys !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent
        title={t("created_title", { count: keys?.length ?? 0 })}
        description={t("created_description")}
        closeLabel={tc("close")}
        footer={
          <>
            <Button variant="outline" onClick={onClose}>
              {tc("close")}
            </Button>
            <Button onClick={() => onCopy(text)} data-testid="created-keys-copy">
              {t("copy_all")}
            </Button>
          </>
        }
      >
        <Textarea
          readOnly
          rows={Math.min(10, keys?.length ?? 1)}
          value={text}
          className="font-mono text-xs"
          data-testid="created-keys"
        />
      </DialogContent>
    </Dialog>
  );
}
