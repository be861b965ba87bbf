"use client";

// Sets one tag on the selected channels (spec 2 §5: a selection and a non-empty tag are needed).
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { DialogActions } from "@/components/ui/dialog-actions";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/text-field";
import { useSetChannelsTag } from "@/modules/channels/client/hooks";

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
  const [error, setError] = useState<string | null>(null);
  const mutation = useSetChannelsTag();
  const submit = () => {
    if (ids.length === 0) return void toast.error(t("error_select_to_tag"));
    if (!tag.trim()) {
      setError(t("error_tag_required"));
      return void toast.error(t("error_tag_required"));
    }
    mutation.mutate(
      { ids, tag: tag.trim() },
      {
        onSuccess: (count) => {
          toast.success(t("tag_set", { count }));
          setTag("");
          setError(null);
          onDone();
        },
      },
    );
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
          error={error}
          onChange={(e) => {
            setTag(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => e.key === "Enter" && submit()}
          data-testid="batch-tag-input"
        />
      </DialogContent>
    </Dialog>
  );
}
