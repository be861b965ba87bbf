"use client";

// Backup codes shown once (after set-up or regeneration), with copy and download as a text file.
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { useCopy } from "@/components/use-copy";

export function BackupCodes({ codes, accountName }: { codes: string[]; accountName: string }) {
  const t = useTranslations("security");
  const tc = useTranslations("common");
  const { copy, copyDialog } = useCopy();
  const text = codes.join("\n");
  const download = () => {
    const body = `${t("backup_file_heading", { name: accountName })}\n\n${text}\n`;
    const url = URL.createObjectURL(new Blob([body], { type: "text/plain;charset=utf-8" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = "backup-codes.txt";
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="flex flex-col gap-2">
      <ul
        className="grid grid-cols-2 gap-1 rounded-md border border-border bg-surface-muted p-3 font-mono text-sm"
        data-testid="backup-codes"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => void copy(text, t("backup_copied"))}
          data-testid="backup-codes-copy"
        >
          {tc("copy")}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={download} data-testid="backup-codes-download">
          {t("backup_download")}
        </Button>
      </div>
      {copyDialog}
    </div>
  );
}
