"use client";

// The edit drawer: stats (message ID, created time, recipient count, read count), the
// title/format/content form, and the recipient list with read state.
import { RefreshCw } from "lucide-react";
import { useTranslations } from "next-intl";
import { closeOnSuccess, useDraft } from "@/components/admin/form-state";
import { MessageFields, type MessageDraft } from "@/modules/messages/components/admin/message-fields";
import { RecipientList } from "@/modules/messages/components/admin/recipient-list";
import { Button } from "@/components/ui/button";
import { DrawerForm } from "@/components/admin/drawer-form";
import { EntityDrawer } from "@/components/admin/entity-drawer";
import { useSchemaCheck } from "@/components/admin/use-schema-check";
import type { AdminMessage } from "@/modules/messages/client/admin/api";
import { useAdminMessage } from "@/modules/messages/client/admin/use-admin-message";
import { useUpdateMessage } from "@/modules/messages/client/admin/use-message-mutations";
import { formatDateTime } from "@/lib/format-time";
import { updateMessageSchema } from "@/modules/messages/schemas";

export function EditMessageDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const t = useTranslations("admin_messages");
  return (
    <EntityDrawer open={id !== null} side="right" title={t("edit.title")} onClose={onClose} className="max-w-2xl">
      {id !== null ? <EditMessageBody id={id} onDone={onClose} /> : null}
    </EntityDrawer>
  );
}

function EditMessageBody({ id, onDone }: { id: number; onDone: () => void }) {
  const t = useTranslations("admin_messages.edit");
  const tc = useTranslations("common");
  const { data, isPending, isError, refetch, isFetching } = useAdminMessage(id);

  if (isPending)
    return (
      <div className="space-y-3" aria-busy>
        <div className="h-16 animate-pulse rounded-md bg-surface-muted" />
        <div className="h-9 animate-pulse rounded-md bg-surface-muted" />
        <div className="h-40 animate-pulse rounded-md bg-surface-muted" />
      </div>
    );
  if (isError || !data)
    return (
      <div className="flex flex-col items-center gap-3 py-10 text-center">
        <p className="text-sm text-danger">{t("load_failed")}</p>
        <Button variant="outline" size="sm" onClick={() => void refetch()} loading={isFetching}>
          <RefreshCw className="h-4 w-4" aria-hidden />
          {tc("retry")}
        </Button>
      </div>
    );

  return (
    <div className="flex flex-col gap-6">
      <MessageStats message={data} />
      {/* keyed by id: the draft starts from the loaded message and is not overwritten by refetches */}
      <EditMessageForm key={data.id} message={data} onDone={onDone} />
      <RecipientList messageId={data.id} />
    </div>
  );
}

function MessageStats({ message }: { message: AdminMessage }) {
  const t = useTranslations("admin_messages.edit");
  const stats: [string, string | number, string][] = [
    [t("stat_id"), message.id, "stat-id"],
    [t("stat_created"), formatDateTime(message.created_at), "stat-created"],
    [t("stat_recipients"), message.stats.total_recipients, "stat-recipients"],
    [t("stat_read"), message.stats.read_count ?? 0, "stat-read"],
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="message-stats">
      {stats.map(([label, value, testId]) => (
        <div key={testId} className="rounded-md border border-border bg-surface-muted/50 px-3 py-2">
          <dt className="text-xs text-muted">{label}</dt>
          <dd className="mt-0.5 text-sm font-semibold tabular-nums" data-testid={testId}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function EditMessageForm({ message, onDone }: { message: AdminMessage; onDone: () => void }) {
  const t = useTranslations("admin_messages.edit");
  const update = useUpdateMessage();
  const { errors, check, clear } = useSchemaCheck({ toast: false });
  const [draft, patch] = useDraft<MessageDraft>(
    { title: message.title, content: message.content, format: message.format },
    clear,
  );

  const submit = () => {
    const input = check(updateMessageSchema, draft);
    if (!input) return;
    update.mutate({ id: message.id, ...input }, closeOnSuccess(onDone, t("success")));
  };

  return (
    <DrawerForm
      onSubmit={submit}
      submitLabel={t("submit")}
      loading={update.isPending}
      data-testid="message-edit-form"
      submitTestId="message-edit-submit"
    >
      <MessageFields idPrefix="message-edit" draft={draft} errors={errors} onChange={patch} />
    </DrawerForm>
  );
}
