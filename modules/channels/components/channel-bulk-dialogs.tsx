"use client";

// Confirmations of the destructive or wide actions: delete one, delete / enable / disable the
// selection, delete auto-disabled channels, fix the routing table, test all, update all balances.
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import type { BulkAction } from "@/modules/channels/components/channel-toolbar";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { ChannelItem } from "@/modules/channels/client/api";
import {
  useDeleteChannel,
  useDeleteChannels,
  useDeleteDisabledChannels,
  useFixAbilities,
  useSetChannelsStatus,
  useTestAllChannels,
  useUpdateAllBalances,
} from "@/modules/channels/client/hooks";
import { CHANNEL_STATUS } from "@/lib/constants";

export type PendingBulk =
  | { kind: BulkAction }
  | { kind: "delete_one"; channel: ChannelItem }
  | { kind: "delete_selected" | "enable_selected" | "disable_selected"; ids: number[] }
  | null;

export function ChannelBulkDialogs({
  pending,
  onClose,
  onDone,
}: {
  pending: PendingBulk;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useTranslations("channels");
  const deleteOne = useDeleteChannel();
  const deleteMany = useDeleteChannels();
  const deleteDisabled = useDeleteDisabledChannels();
  const fix = useFixAbilities();
  const setStatus = useSetChannelsStatus();
  const testAll = useTestAllChannels();
  const balances = useUpdateAllBalances();

  const ids = pending && "ids" in pending ? pending.ids : [];
  if (!pending) return null;
  const finish = (message: string) => {
    toast.success(message);
    onDone();
    onClose();
  };
  const spec: Record<
    string,
    { title: string; description: string; danger?: boolean; run: () => void; loading: boolean }
  > = {
    delete_one: {
      title: t("delete_title"),
      description: t("delete_confirm", { name: pending.kind === "delete_one" ? pending.channel.name : "" }),
      danger: true,
      loading: deleteOne.isPending,
      run: () =>
        pending.kind === "delete_one" &&
        deleteOne.mutate(pending.channel.id, { onSuccess: () => finish(t("deleted")) }),
    },
    delete_selected: {
      title: t("delete_selected"),
      description: t("delete_selected_confirm", { count: ids.length }),
      danger: true,
      loading: deleteMany.isPending,
      run: () => deleteMany.mutate(ids, { onSuccess: (n) => finish(t("deleted_count", { count: n })) }),
    },
    enable_selected: {
      title: t("enable_selected"),
      description: t("enable_selected_confirm", { count: ids.length }),
      loading: setStatus.isPending,
      run: () =>
        setStatus.mutate(
          { ids, status: CHANNEL_STATUS.enabled },
          { onSuccess: (n) => finish(t("enabled_count", { count: n })) },
        ),
    },
    disable_selected: {
      title: t("disable_selected"),
      description: t("disable_selected_confirm", { count: ids.length }),
      loading: setStatus.isPending,
      run: () =>
        setStatus.mutate(
          { ids, status: CHANNEL_STATUS.manuallyDisabled },
          { onSuccess: (n) => finish(t("disabled_count", { count: n })) },
        ),
    },
    delete_disabled: {
      title: t("delete_disabled"),
      description: t("delete_disabled_confirm"),
      danger: true,
      loading: deleteDisabled.isPending,
      run: () => deleteDisabled.mutate(undefined, { onSuccess: (n) => finish(t("deleted_count", { count: n })) }),
    },
    fix: {
      title: t("fix_abilities"),
      description: t("fix_confirm"),
      loading: fix.isPending,
      run: () =>
        fix.mutate(undefined, {
          onSuccess: (r) => finish(t("fix_done", { channels: r.channels, abilities: r.abilities })),
        }),
    },
    test_all: {
      title: t("test_all"),
      description: t("test_all_confirm"),
      loading: testAll.isPending,
      run: () => testAll.mutate(undefined, { onSuccess: (m) => finish(m || t("test_all_started")) }),
    },
    balance_all: {
      title: t("update_all_balances"),
      description: t("balance_all_confirm"),
      loading: balances.isPending,
      run: () => balances.mutate(undefined, { onSuccess: (m) => finish(m || t("balance_all_started")) }),
    },
  };
  const s = spec[pending.kind]!;
  return (
    <ConfirmDialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={s.title}
      description={s.description}
      danger={s.danger}
      loading={s.loading}
      onConfirm={s.run}
      data-testid="channel-confirm"
    />
  );
}
