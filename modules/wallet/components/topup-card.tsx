"use client";

// The top-up button of the wallet: the online dialog when the gateway is set up;
// otherwise the TopUpLink (an external shop) when set; otherwise 管理员未开启在线充值！.
import { CreditCard } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TopupDialog } from "@/modules/wallet/components/topup-dialog";
import { useTopupInfo } from "@/modules/wallet/client/topup/use-topup-info";
import { IconHeading } from "@/components/ui/icon-heading";

/** Opens the administrator's top-up link in a new tab; false when there is none. */
export function openTopupLink(link: string | undefined): boolean {
  if (!link || !/^https?:\/\//i.test(link)) return false;
  window.open(link, "_blank", "noopener,noreferrer");
  return true;
}

export function TopupCard() {
  const t = useTranslations("wallet");
  const info = useTopupInfo();
  const [open, setOpen] = useState(false);

  const start = () => {
    if (!info.data) return;
    if (info.data.enable_online_topup) setOpen(true);
    else if (!openTopupLink(info.data.topup_link)) toast.error(t("online_disabled"));
  };

  return (
    <Card
      className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between"
      data-testid="topup-card"
      data-online={info.data?.enable_online_topup ?? undefined}
    >
      <IconHeading icon={CreditCard} title={t("card_title")} description={t("card_description")} />
      <Button onClick={start} loading={info.isPending} disabled={info.isError} data-testid="topup-open">
        {t("open")}
      </Button>
      {info.data?.enable_online_topup ? <TopupDialog open={open} onOpenChange={setOpen} info={info.data} /> : null}
    </Card>
  );
}
