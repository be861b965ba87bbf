"use client";

// Loads the account once (GET /api/user/self, shared with the rest of /app/me) and renders the three
// tabs, each with its own form and save button. A form is re-created when the saved values change,
// so after a save it shows what the server stored (and an emptied secret field).
import { useTranslations } from "next-intl";
import { useState } from "react";
import { NotifySettingsForm } from "@/modules/profile/components/settings/notify-settings-form";
import { SwitchSettingForm } from "@/modules/profile/components/settings/switch-setting-form";
import { Banner, Card } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { readSettingsSnapshot } from "@/modules/profile/client/notify/settings-view";
import { useSelfAccount } from "@/lib/client/user-self";

const TABS = ["notify", "price", "other"] as const;
type Tab = (typeof TABS)[number];
// The price and other tabs are each one switch and its save button.
const SWITCH_TABS = [
  { tab: "price", field: "accept_unset_model_ratio_model", label: "accept_unset" },
  { tab: "other", field: "show_ip_in_logs", label: "show_ip" },
] as const;

export function SettingsTabsClient({ allowHttpWebhook }: { allowHttpWebhook: boolean }) {
  const t = useTranslations("notify");
  const self = useSelfAccount();
  const [tab, setTab] = useState<Tab>("notify");

  let body;
  if (self.isPending) {
    body = (
      <p className="py-6 text-sm text-muted" data-testid="me-settings-loading">
        {t("loading")}
      </p>
    );
  } else if (self.isError) {
    body = (
      <Banner
        tone="danger"
        className="flex flex-wrap items-center justify-between gap-2"
        data-testid="me-settings-error"
      >
        <span>{t("load_failed")}</span>
        <Button size="sm" variant="outline" onClick={() => void self.refetch()}>
          {t("retry")}
        </Button>
      </Banner>
    );
  } else {
    const snapshot = readSettingsSnapshot(self.data);
    const v = snapshot.view;
    // Each form restarts from the server's values when its own saved fields change.
    const notifyKey = JSON.stringify([
      v.notify_type,
      v.quota_warning_threshold,
      v.webhook_url,
      v.webhook_secret_set,
      v.notification_email,
    ]);
    body = (
      <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
        <TabsList>
          {TABS.map((id) => (
            <TabsTrigger key={id} value={id} data-testid={`me-settings-tab-${id}`}>
              {t(`tabs.${id}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="notify">
          <NotifySettingsForm key={notifyKey} snapshot={snapshot} allowHttpWebhook={allowHttpWebhook} />
        </TabsContent>
        {SWITCH_TABS.map(({ tab: id, field, label }) => (
          <TabsContent key={id} value={id}>
            <SwitchSettingForm
              key={String(v[field])}
              field={field}
              initial={v[field]}
              label={t(label)}
              hint={t(`${label}_hint`)}
              testId={id}
            />
          </TabsContent>
        ))}
      </Tabs>
    );
  }
  return (
    <Card className="p-4 sm:p-6" data-testid="me-settings">
      <h2 className="mb-2 text-base font-semibold">{t("title")}</h2>
      {body}
    </Card>
  );
}
