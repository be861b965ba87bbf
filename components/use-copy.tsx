"use client";

import { useTranslations } from "next-intl";
import { useCallback, useState, type ReactNode } from "react";
import { toast } from "sonner";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { Textarea } from "@/components/ui/input";
import { copyText } from "@/lib/client/copy-text";

/**
 * Copy with feedback: a toast on success, otherwise a dialog showing the text selected for manual
 * copying (it reads 无法复制到剪贴板，请手动复制). Render `copyDialog` once in the component.
 */
export function useCopy(): {
  copy: (text: string, successMessage?: string) => Promise<boolean>;
  copyDialog: ReactNode;
} {
  const t = useTranslations("common");
  const [manual, setManual] = useState<string | null>(null);
  const copy = useCallback(
    async (text: string, successMessage?: string) => {
      const ok = await copyText(text);
      if (ok) toast.success(successMessage ?? t("copied"));
      else setManual(text);
      return ok;
    },
    [t],
  );
  const copyDialog = (
    <Dialog open={manual !== null} onOpenChange={(open) => !open && setManual(null)}>
      <DialogContent title={t("copy_manually")} closeLabel={t("close")}>
        <Textarea
          readOnly
          value={manual ?? ""}
          rows={4}
          className="font-mono text-xs"
          data-testid="manual-copy-text"
          onFocus={(e) => e.currentTarget.select()}
          autoFocus
        />
      </DialogContent>
    </Dialog>
  );
  return { copy, copyDialog };
}
