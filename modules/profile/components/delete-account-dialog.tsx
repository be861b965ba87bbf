"use client";

// Delete own account (type your own username, 请输入你的账户名以确认删除！). On success the
// stored user is cleared and the browser goes to /login (the server already cleared the session).
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { FormDialogContent, FreshDialog } from "@/components/ui/form-dialog";
import { TextField } from "@/components/ui/text-field";
import { deleteConfirmationMatches } from "@/modules/profile/client/forms";
import { useDeleteSelf } from "@/modules/profile/client/use-account-actions";
import { hardNavigate } from "@/lib/client/navigate";
import { clearStoredUser } from "@/lib/client/storage";

export function DeleteAccountDialog({
  open,
  onOpenChange,
  username,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  username: string;
}) {
  return (
    <FreshDialog open={open} onOpenChange={onOpenChange}>
      {(close) => <DeleteContent onClose={close} username={username} />}
    </FreshDialog>
  );
}

function DeleteContent({ onClose, username }: { onClose: () => void; username: string }) {
  const t = useTranslations("me");
  const remove = useDeleteSelf();
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    if (!deleteConfirmationMatches(typed, username)) {
      const text = t("delete_confirm_required");
      setError(text);
      toast.error(text);
      return;
    }
    setError(null);
    remove.mutate(undefined, {
      onSuccess: (message) => {
        toast.success(message);
        clearStoredUser();
        // a moment to read 注销成功! before leaving
        window.setTimeout(() => hardNavigate("/login"), 1000);
      },
    });
  };

  return (
    <FormDialogContent
      title={t("delete_title")}
      description={t("delete_description")}
      onCancel={onClose}
      onSubmit={submit}
      submitLabel={t("delete_button")}
      loading={remove.isPending}
      danger
      submitTestId="me-delete-submit"
    >
      <TextField
        id="me-delete-username"
        label={t("delete_confirm_label", { username })}
        autoComplete="off"
        value={typed}
        error={error}
        onChange={(e) => {
          setTyped(e.target.value);
          setError(null);
        }}
      />
    </FormDialogContent>
  );
}
