"use client";

// The create drawer: title, format, content and recipients. Checked with the shared
// schema first, so 请输入消息标题 / 请输入消息内容 / 请选择至少一个收件人 show without a round trip.
import { useTranslations } from "next-intl";
import { closeOnSuccess, useDraft } from "@/components/admin/form-state";
import { useState } from "react";
import { MessageFields, type MessageDraft } from "@/modules/messages/components/admin/message-fields";
import { RecipientPicker, type PickedUser } from "@/modules/messages/components/admin/recipient-picker";
import { DrawerForm } from "@/components/admin/drawer-form";
import { EntityDrawer } from "@/components/admin/entity-drawer";
import { useSchemaCheck } from "@/components/admin/use-schema-check";
import { useCreateMessage } from "@/modules/messages/client/admin/use-message-mutations";
import { createMessageSchema } from "@/modules/messages/schemas";

const EMPTY: MessageDraft = { title: "", content: "", format: "markdown" };

export function CreateMessageDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useTranslations("admin_messages");
  const close = () => onOpenChange(false);
  return (
    <EntityDrawer open={open} side="left" title={t("create.title")} onClose={close} className="max-w-2xl">
      {open ? <CreateMessageForm onDone={close} /> : null}
    </EntityDrawer>
  );
}

function CreateMessageForm({ onDone }: { onDone: () => void }) {
  const t = useTranslations("admin_messages");
  const create = useCreateMessage();
  const [picked, setPicked] = useState<PickedUser[]>([]);
  const { errors, check, clear } = useSchemaCheck({ toast: false });
  const [draft, patch] = useDraft<MessageDraft>(EMPTY, () => clear("title", "content"));

  const submit = () => {
    const input = check(createMessageSchema, { ...draft, user_ids: picked.map((p) => p.id) });
    if (!input) return;
    create.mutate(input, closeOnSuccess(onDone, t("create.success")));
  };

  return (
    <DrawerForm
      className="gap-5"
      onSubmit={submit}
      onCancel={onDone}
      submitLabel={t("create.submit")}
      loading={create.isPending}
      data-testid="message-create-form"
      submitTestId="message-create-submit"
    >
      <MessageFields idPrefix="message-create" draft={draft} errors={errors} onChange={patch} />
      <RecipientPicker
        picked={picked}
        onChange={(next) => {
          setPicked(next);
          clear("user_ids");
        }}
        error={errors.user_ids}
      />
    </DrawerForm>
  );
}
