"use client";

import { Pencil, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

/** A table row's icon buttons: edit, then delete (red); test ids `${testIdPrefix}-edit` / `-delete`. */
export function EditDeleteButtons({
  onEdit,
  onDelete,
  testIdPrefix,
}: {
  onEdit: () => void;
  onDelete: () => void;
  testIdPrefix: string;
}) {
  const tc = useTranslations("common");
  return (
    <div className="flex gap-1">
      <Button size="sm" variant="ghost" aria-label={tc("edit")} onClick={onEdit} data-testid={`${testIdPrefix}-edit`}>
        <Pencil className="h-4 w-4" />
      </Button>
      <Button
        size="sm"
        variant="ghost"
        aria-label={tc("delete")}
        onClick={onDelete}
        data-testid={`${testIdPrefix}-delete`}
      >
        <Trash2 className="h-4 w-4 text-danger" />
      </Button>
    </div>
  );
}
