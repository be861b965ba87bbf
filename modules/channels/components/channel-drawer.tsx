"use client";

// The create (left) / edit (right) channel drawer. Submitting checks the form,
// asks once when the base URL ends in /v1, then creates or updates.
import { useTranslations } from "next-intl";
import { closeOnSuccess, useDraft } from "@/components/admin/form-state";
import { useState } from "react";
import { toast } from "sonner";
import { ChannelFormFields } from "@/modules/channels/components/channel-form-fields";
import { MultiKeyPanel } from "@/modules/channels/components/multi-key-panel";
import { CrudDrawer, type EntityDrawerState, type EntityFormProps } from "@/components/admin/entity-drawer";
import { DrawerForm } from "@/components/admin/drawer-form";
import { useSchemaCheck } from "@/components/admin/use-schema-check";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { baseUrlEndsWithV1 } from "@/lib/channel-rules";
import { channelTypeInfo } from "@/lib/channel-types";
import {
  channelFormInput,
  channelFormSchemas,
  channelToForm,
  createMode,
  emptyChannelForm,
  type ChannelFormValues,
} from "@/modules/channels/client/channel-form";
import { useChannel, useCreateChannel, useUpdateChannel } from "@/modules/channels/client/hooks";

export type DrawerState = EntityDrawerState;

export function ChannelDrawer({ state, onClose }: { state: DrawerState; onClose: () => void }) {
  const t = useTranslations("channels");
  const editId = state?.mode === "edit" ? state.id : null;
  const existing = useChannel(editId);
  return (
    <CrudDrawer
      state={state}
      onClose={onClose}
      titles={{ create: t("drawer_create"), edit: t("drawer_edit", { id: editId ?? "" }) }}
      // Edits start from a fresh read of the channel, not from a cached copy of an earlier opening.
      ready={existing.data !== undefined && existing.isFetchedAfterMount}
      values={{ entity: existing.data, toForm: channelToForm, empty: emptyChannelForm }}
      error={existing.isError ? t("load_failed") : undefined}
      errorTestId="channel-drawer-error"
      className="sm:max-w-2xl"
    >
      {(form) => <ChannelForm {...form} />}
    </CrudDrawer>
  );
}

function ChannelForm({ mode: action, editId, initial, onDone }: EntityFormProps<ChannelFormValues>) {
  const t = useTranslations("channels");
  const { errors, check, clear, showServerErrors } = useSchemaCheck();
  const [values, patch] = useDraft(initial, clear);
  // The checked payload waiting for the /v1 confirmation.
  const [pending, setPending] = useState<Record<string, unknown> | null>(null);
  const create = useCreateChannel();
  const update = useUpdateChannel();

  const save = (channel: Record<string, unknown>) => {
    if (action === "edit" && editId !== null)
      return update.mutate(
        { ...channel, id: editId },
        { ...closeOnSuccess(onDone, t("updated")), onError: (error) => showServerErrors(error) },
      );
    const created = (count: number) => closeOnSuccess(onDone, count > 1 ? t("created_batch", { count }) : t("created"));
    create.mutate(
      { ...createMode(values), channel },
      { onSuccess: (r) => created(r.ids.length).onSuccess(), onError: (error) => showServerErrors(error, ["channel"]) },
    );
  };

  const submit = () => {
    // A second submit while the first is on its way (Enter pressed twice), or models that are not a
    // list (new-api's stale double submit), is refused.
    if (create.isPending || update.isPending || !Array.isArray(values.models))
      return void toast.error(t("error_duplicate_submit"));
    const channel =
      action === "edit" && editId !== null
        ? check(channelFormSchemas.edit, channelFormInput(values, editId))
        : check(channelFormSchemas.create, channelFormInput(values));
    if (!channel) return;
    if (baseUrlEndsWithV1(values.base_url) && !channelTypeInfo(values.type)?.form?.fullUrl) return setPending(channel);
    save(channel);
  };

  return (
    <DrawerForm
      className="gap-5"
      nativeValidation
      onSubmit={submit}
      onCancel={onDone}
      loading={create.isPending || update.isPending}
      data-testid="channel-form"
      submitTestId="channel-submit"
    >
      <ChannelFormFields values={values} onChange={patch} action={action} editId={editId} errors={errors} />
      {action === "edit" && editId !== null && initial.keyMode === "multi" ? (
        <MultiKeyPanel channelId={editId} />
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={t("v1_confirm_title")}
        description={t("v1_confirm")}
        confirmLabel={t("v1_confirm_continue")}
        onConfirm={() => {
          if (pending) save(pending);
          setPending(null);
        }}
        data-testid="channel-v1-confirm"
      />
    </DrawerForm>
  );
}
