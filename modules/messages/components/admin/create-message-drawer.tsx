"use client";

// The create drawer (spec 1 §2): title, format, content and recipients. Checked with the shared
// schema first, so 请输入消息标题 / 请输入消息内容 / 请选择至少一个收件人 show without a round trip.
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { MessageFields, type MessageDraft } from "@/modules/messages/components/admin/message-fields";
import { RecipientPicker, type PickedUser } from "@/modules/messages/components/admin/recipient-picker";
import { Button } from "@/components/ui/button";
import { Dialog, DrawerContent } from "@/components/ui/dialog";
import { useFieldErrors } from "@/modules/accounts/client/auth/form-issues";
import { useCreateMessage } from "@/modules/messages/client/admin/use-message-mutations";
import { createMessageSchema } from "@/modules/messages/schemas";

const EMPTY: MessageDraft = { title: "", content: "", format: "markdown" };

export function CreateMessageDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useTranslations("admin_messages");
  const tc = useTranslations("common");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DrawerContent side="left" title={t("create.title")} closeLabel={tc("close")} className="max-w-2xl">
          <CreateMessageForm onDone={() => onOpenChange(false)} />
        </DrawerContent>
      ) : null}
    </Dialog>
  );
}

function CreateMessageForm({ onDone }: { onDone: () => void }) {
  const t = useTranslations("admin_messages");
  const tc = useTranslations("common");
  const fieldErrors = useFieldErrors();
  const create = useCreateMessage();
  const [draft, setDraft] = useState<MessageDraft>(EMPTY);
  const [picked, setPicked] = useState<PickedUser[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = createMessageSchema.safeParse({ ...draft, user_ids: picked.map((p) => p.id) });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (message) => {
        toast.success(message || t("create.success"));
        onDone();
      },
    });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-5" data-testid="message-create-form" noValidate>
      <MessageFields
        idPrefix="message-create"
        draft={draft}
        errors={errors}
        onChange={(patch) => {
          setDraft((d) => ({ ...d, ...patch }));
          setErrors((er) => ({ ...er, title: "", content: "" }));
        }}
      />
      <RecipientPicker
        picked={picked}
        onChange={(next) => {
          setPicked(next);
          setErrors((er) => ({ ...er, user_ids: "" }));
        }}
        error={errors.user_ids}
      />
      <div className="sticky bottom-0 -mx-6 -mb-4 flex justify-end gap-2 border-t border-border bg-surface px-6 py-3">
        <Button type="button" variant="outline" onClick={onDone}>
          {tc("cancel")}
        </Button>
        <Button type="submit" loading={create.isPending} data-testid="message-create-submit">
          {t("create.submit")}
        </Button>
      </div>
    </form>
  );
}
