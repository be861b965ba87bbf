"use client";

// Delete every code of one name: the count is fetched and shown before anything is
// deleted, and the delete button names it.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/text-field";
import { useSchemaCheck } from "@/components/admin/use-schema-check";
import { countRedemptionsByName } from "@/modules/redemptions/client/api";
import { useDeleteRedemptionsByName } from "@/modules/redemptions/client/hooks";
import { redemptionNameQuerySchema } from "@/modules/redemptions/schemas";

export function DeleteByNameDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations("redemptions");
  const tc = useTranslations("common");
  const [name, setName] = useState("");
  const [count, setCount] = useState<{ name: string; count: number } | null>(null);
  const [checking, setChecking] = useState(false);
  const remove = useDeleteRedemptionsByName();
  const close = () => {
    setName("");
    setCount(null);
    onClose();
  };
  const { check: checkName } = useSchemaCheck();
  const check = async () => {
    const parsed = checkName(redemptionNameQuerySchema, { name });
    if (!parsed) return;
    const n = parsed.name;
    setChecking(true);
    try {
      setCount({ name: n, count: await countRedemptionsByName(n) });
    } catch {
      toast.error(t("count_failed"));
    } finally {
      setChecking(false);
    }
  };
  const current = count && count.name === name.trim() ? count : null;

  return (
    <Dialog open={open} onOpenChange={(o) => !o && close()}>
      <DialogContent
        title={t("delete_by_name_title")}
        description={t("delete_by_name_description")}
        closeLabel={tc("close")}
        footer={
          <>
            <Button variant="outline" onClick={close}>
              {tc("cancel")}
            </Button>
            {current ? (
              <Button
                key="delete"
                variant="danger"
                disabled={current.count === 0}
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(current.name, {
                    onSuccess: (n) => {
                      toast.success(t("deleted_count", { count: n }));
                      close();
                    },
                  })
                }
                data-testid="delete-by-name-confirm"
              >
                {t("delete_count", { count: current.count })}
              </Button>
            ) : (
              <Button key="check" loading={checking} onClick={() => void check()} data-testid="delete-by-name-check">
                {t("check_count")}
              </Button>
            )}
          </>
        }
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void check();
          }}
          className="flex flex-col gap-3"
        >
          <TextField
            id="delete-by-name-input"
            label={t("field_name")}
            value={name}
            placeholder={t("delete_by_name_placeholder")}
            onChange={(e) => setName(e.target.value)}
          />
          {current ? (
            <p
              className={current.count ? "text-sm text-danger" : "text-sm text-muted"}
              data-testid="delete-by-name-count"
              data-count={current.count}
            >
              {current.count
                ? t("delete_by_name_found", { count: current.count, name: current.name })
                : t("delete_by_name_none", { name: current.name })}
            </p>
          ) : null}
        </form>
      </DialogContent>
    </Dialog>
  );
}
