"use client";

// One dialog for the long values of the task tables: a record's formatted text, a failure reason,
// a prompt, or a result image. Render `dialog` once; open it with showText / showImage.
import { Copy } from "lucide-react";
import { useTranslations } from "next-intl";
import { useCallback, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";

type Shown = { title: string; text?: string; image?: string; testId: string };

export type DetailDialog = {
  showText: (title: string, text: string, testId: string) => void;
  showImage: (title: string, url: string) => void;
  dialog: ReactNode;
};

export function useDetailDialog(copy: (text: string) => unknown): DetailDialog {
  const t = useTranslations("common");
  const [shown, setShown] = useState<Shown | null>(null);
  const showText = useCallback((title: string, text: string, testId: string) => setShown({ title, text, testId }), []);
  const showImage = useCallback(
    (title: string, image: string) => setShown({ title, image, testId: "task-image-preview" }),
    [],
  );
  const dialog = (
    <Dialog open={shown !== null} onOpenChange={(open) => !open && setShown(null)}>
      <DialogContent
        title={shown?.title ?? ""}
        closeLabel={t("close")}
        className="max-w-2xl"
        footer={
          shown?.text !== undefined ? (
            <Button variant="outline" size="sm" onClick={() => copy(shown.text ?? "")} data-testid="task-dialog-copy">
              <Copy className="h-4 w-4" />
              {t("copy")}
            </Button>
          ) : null
        }
      >
        {shown?.image ? (
          // eslint-disable-next-line @next/next/no-img-element -- upstream images of any host, no optimiser
          <img
            src={shown.image}
            alt={shown.title}
            className="mx-auto max-h-[70vh] w-auto rounded"
            referrerPolicy="no-referrer"
            data-testid={shown.testId}
          />
        ) : (
          <pre
            className="max-h-[60vh] overflow-auto rounded bg-surface-muted p-3 font-mono text-xs [overflow-wrap:anywhere] whitespace-pre-wrap"
            data-testid={shown?.testId}
          >
            {shown?.text}
          </pre>
        )}
      </DialogContent>
    </Dialog>
  );
  return { showText, showImage, dialog };
}
