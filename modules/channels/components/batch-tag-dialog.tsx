"use client";

// Sets one tag on the selected channels (a selection and a non-empty tag are needed).
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { DialogActions } from "@/components/ui/dialog-actions";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/text-field";
import { useSchemaCheck } from "@/components/admin/use-schema-check";
import { useSetChannelsTag } from "@/modules/channels/client/hooks";
import { batchTagSchema } from "@/modules/channels/schemas";

export function BatchTagDialog({
  open,
  onOpenChange,
  ids,
  onDone,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  ids: number[];
  onDone: () => void;
}) {
  const t = useTranslations("channels");
  const tc = useTranslations("common");
  const [tag, setTag] = useState("");
  const { errors, check, clear } = useSchemaCheck();
  const mutation = useSetChannelsTag();
  const submit = () => {
    const body = check(batchTagSchema, { ids, tag });
    if (!body) return;
    mutation.mutate(body, {
      onSuccess: (count) => {
        toast.success(t("tag_set", { count }));
        setTag("");
        clear();
        onDone();
      },
    });
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t("set_tag_title")}
        description={t("set_tag_description", { count: ids.length })}
        closeLabel={tc("close")}
        footer={
          <DialogActions
            onCancel={() => onOpenChange(false)}
            onSubmit={submit}
            loading={mutation.isPending}
            submitTestId="batch-tag-submit"
          />
        }
      >
        <TextField
          id="batch-tag-input"
          label={t("field_tag")}
          value={tag}
          error={errors.tag || null}
          onChange={(e) => {
            setTag(e.target.value);
            clear("tag");
          }}
          onKeyDown={(e) => e.key === "Enter" && submit()}
          data-testid="batch-tag-input"
        />
      </DialogContent>
    </Dialog>
  );
}
