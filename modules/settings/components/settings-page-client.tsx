"use client";

// /admin/settings: five tabs chosen by ?tab= (operation by default), written back on change.
// Options load once for every section; a load error shows 刷新失败.
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { toast } from "sonner";
import { ModelsTab } from "@/modules/settings/components/tab-models";
import { OperationTab } from "@/modules/settings/components/tab-operation";
import { OtherTab } from "@/modules/settings/components/tab-other";
import { RateLimitTab } from "@/modules/settings/components/tab-ratelimit";
import { SystemTab } from "@/modules/settings/components/tab-system";
import { Button } from "@/components/ui/button";
import { Banner } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useOptions } from "@/modules/settings/client/hooks";

export const SETTINGS_TABS = ["operation", "ratelimit", "models", "system", "other"] as const;
type Tab = (typeof SETTINGS_TABS)[number];

const isTab = (v: string | null): v is Tab => SETTINGS_TABS.includes(v as Tab);

const PANELS: Record<Tab, () => React.ReactNode> = {
  operation: () => <OperationTab />,
  ratelimit: () => <RateLimitTab />,
  models: () => <ModelsTab />,
  system: () => <SystemTab />,
  other: () => <OtherTab />,
};

export function SettingsPageClient() {
  const t = useTranslations("settings");
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const tab: Tab = isTab(params.get("tab")) ? (params.get("tab") as Tab) : "operation";
  const options = useOptions();

  useEffect(() => {
    if (options.isError) toast.error(t("load_failed"));
  }, [options.isError, options.errorUpdatedAt, t]);

  const change = (next: string) => {
    const q = new URLSearchParams(params.toString());
    q.set("tab", next);
    router.replace(`${pathname}?${q.toString()}`, { scroll: false });
  };

  return (
    <Tabs value={tab} onValueChange={change}>
      <TabsList aria-label={t("tabs_label")}>
        {SETTINGS_TABS.map((id) => (
          <TabsTrigger key={id} value={id} data-testid={`settings-tab-${id}`}>
            {t(`tabs.${id}`)}
          </TabsTrigger>
        ))}
      </TabsList>
      {options.isError ? (
        <Banner
          tone="danger"
          className="mt-4 flex flex-wrap items-center justify-between gap-3"
          data-testid="settings-load-error"
        >
          <span>{t("load_failed")}</span>
          <Button size="sm" variant="outline" onClick={() => void options.refetch()}>
            {t("retry")}
          </Button>
        </Banner>
      ) : null}
      {options.isPending ? (
        <p className="py-8 text-center text-sm text-muted" data-testid="settings-loading">
          {t("loading")}
        </p>
      ) : null}
      {SETTINGS_TABS.map((id) => (
        <TabsContent key={id} value={id} data-testid={`settings-panel-${id}`}>
          {options.isSuccess && id === tab ? PANELS[id]() : null}
        </TabsContent>
      ))}
    </Tabs>
  );
}
