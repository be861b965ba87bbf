"use client";

// "Show key" in the channel drawer (root): the key read back after a secure verification
// (POST /api/channel/{id}/key), shown read-only with copy.
import { Eye } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/input";
import { useCopy } from "@/components/use-copy";
import { readChannelKey } from "@/modules/security/client/api";
import { useSecureAction } from "@/modules/security/client/use-secure-action";

export function ChannelKeyReveal({ channelId }: { channelId: number }) {
  const t = useTranslations("security");
  const tc = useTranslations("common");
  const { guard, dialog } = useSecureAction();
  const { copy, copyDialog } = useCopy();
  const read = useMutation({ mutationFn: readChannelKey });
  const key = read.data?.key;
  return (
    <div className="flex flex-col gap-2" data-testid="channel-key-reveal">
      {key === undefined ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="self-start"
          loading={read.isPending}
          onClick={() => void guard(() => read.mutate(channelId))}
          data-testid="channel-key-show"
        >
          <Eye className="h-4 w-4" aria-hidden />
          {t("key_show")}
        </Button>
      ) : (
        <>
          <Textarea readOnly rows={2} value={key} aria-label={t("key_title")} data-testid="channel-key-plain" />
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="self-start"
            onClick={() => void copy(key, t("key_copied"))}
          >
            {tc("copy")}
          </Button>
        </>
      )}
      {dialog}
      {copyDialog}
    </div>
  );
}
