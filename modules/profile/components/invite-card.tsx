"use client";

// The invite panel: the invite link {origin}/register?aff={code}
// with copy, how many people were invited, the pending reward (aff_quota) that can be moved into the
// balance, and the total ever earned. Hidden when the invite program is off (AffEnabled).
import { UserPlus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { AffTransferDialog } from "@/modules/profile/components/aff-transfer-dialog";
import { useQuotaText } from "@/modules/profile/components/use-quota-text";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import type { SelfProfile } from "@/modules/profile/client/api";
import { useAffCode } from "@/modules/profile/client/use-aff";
import { useCopy } from "@/components/use-copy";
import { IconHeading } from "@/components/ui/icon-heading";

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex min-w-0 flex-col rounded-md bg-surface-muted px-3 py-2">
      <span className="text-xs text-muted">{label}</span>
      <span className="truncate font-semibold" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

export function InviteCard({ self }: { self: SelfProfile }) {
  const t = useTranslations("me");
  const quota = useQuotaText();
  const code = useAffCode(true);
  const { copy, copyDialog } = useCopy();
  const [transferOpen, setTransferOpen] = useState(false);
  const link = code.data && typeof window !== "undefined" ? `${window.location.origin}/register?aff=${code.data}` : "";

  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5" data-testid="me-invite-card">
      <IconHeading icon={UserPlus} title={t("invite_title")} description={t("invite_description")} />
      <div className="flex flex-col gap-1.5">
        <label htmlFor="me-invite-link" className="text-sm font-medium">
          {t("invite_link")}
        </label>
        {code.isError ? (
          <p className="text-sm text-danger">{t("invite_link_failed")}</p>
        ) : (
          <div className="flex gap-2">
            <Input
              id="me-invite-link"
              data-testid="me-invite-link"
              readOnly
              value={link}
              placeholder="…"
              className="min-w-0 flex-1 font-mono text-xs"
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button
              variant="outline"
              disabled={!link}
              onClick={() => void copy(link, t("invite_link_copied"))}
              data-testid="me-invite-copy"
            >
              {t("copy_link")}
            </Button>
          </div>
        )}
      </div>
      <div className="grid grid-cols-3 gap-2">
        <Figure label={t("invited_count")} value={String(self.aff_count)} testId="me-aff-count" />
        <Figure label={t("pending_reward")} value={quota(self.aff_quota)} testId="me-aff-quota" />
        <Figure label={t("history_reward")} value={quota(self.aff_history_quota)} testId="me-aff-history" />
      </div>
      <Button
        variant="outline"
        className="self-start"
        onClick={() => setTransferOpen(true)}
        data-testid="me-aff-transfer"
      >
        {t("transfer")}
      </Button>
      <AffTransferDialog open={transferOpen} onOpenChange={setTransferOpen} affQuota={self.aff_quota} />
      {copyDialog}
    </Card>
  );
}
