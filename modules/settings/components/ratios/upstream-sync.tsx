"use client";

// Upstream price sync (root): pick channels that are other new-api-style instances (and/or the
// official preset), fetch their prices through our server (POST /api/ratio_sync/fetch), see what
// differs from ours, and apply an upstream's values per model to the pricing draft; the section's
// save button then writes them as any edit. Admins do not see this tab (the routes are root's).
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { UpstreamSyncTable } from "@/modules/settings/components/ratios/upstream-sync-table";
import type { SettingsSection } from "@/modules/settings/components/use-settings-section";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Banner } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { describeError } from "@/lib/client/describe-error";
import { CHANNEL_STATUS } from "@/lib/constants";
import {
  OFFICIAL_PRESET,
  OFFICIAL_PRESET_ID,
  useFetchUpstreamRatios,
  useSyncChannels,
  type RatioSyncResult,
  type SyncableChannel,
} from "@/modules/pricing/client";

/** The body for the chosen entries: each as an upstream, the preset with its absolute endpoint. */
function upstreamsOf(chosen: SyncableChannel[]) {
  return chosen.map((c) =>
    c.id === OFFICIAL_PRESET_ID
      ? { name: OFFICIAL_PRESET.name, base_url: OFFICIAL_PRESET.base_url, endpoint: OFFICIAL_PRESET.endpoint }
      : { id: c.id, name: c.name, base_url: c.base_url, endpoint: "" },
  );
}

export function UpstreamSync({ section }: { section: SettingsSection }) {
  const t = useTranslations("settings");
  const te = useTranslations("errors");
  const channels = useSyncChannels(true);
  const fetchRatios = useFetchUpstreamRatios();
  const [picked, setPicked] = useState<number[]>([]);
  const [result, setResult] = useState<RatioSyncResult | null>(null);
  const list = channels.data ?? [];

  const toggle = (id: number, on: boolean) => setPicked((p) => (on ? [...p, id] : p.filter((x) => x !== id)));
  const run = async () => {
    const chosen = list.filter((c) => picked.includes(c.id));
    if (!chosen.length) return void toast.error(t("pricing.sync.pick_first"));
    try {
      setResult(await fetchRatios.mutateAsync({ upstreams: upstreamsOf(chosen) }));
    } catch (err) {
      toast.error(t("pricing.sync.fetch_failed"), { description: describeError(err, te) });
    }
  };

  if (channels.isError)
    return (
      <Banner tone="danger" className="flex flex-wrap items-center justify-between gap-3" data-testid="sync-load-error">
        <span>{t("pricing.sync.channels_failed")}</span>
        <Button size="sm" variant="outline" onClick={() => void channels.refetch()}>
          {t("retry")}
        </Button>
      </Banner>
    );

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted">{t("pricing.sync.intro")}</p>
      <fieldset className="flex flex-col gap-2" data-testid="sync-channels">
        <legend className="mb-1 text-sm font-medium">{t("pricing.sync.channels")}</legend>
        {channels.isLoading ? <p className="text-sm text-muted">{t("loading")}</p> : null}
        {list.map((c) => (
          <label key={c.id} className="flex items-center gap-2 text-sm" data-testid={`sync-channel-${c.id}`}>
            <Checkbox checked={picked.includes(c.id)} onCheckedChange={(v) => toggle(c.id, v === true)} />
            <span className="font-medium">{c.id === OFFICIAL_PRESET_ID ? t("pricing.sync.official") : c.name}</span>
            <span className="truncate text-xs text-muted">{c.base_url}</span>
            {c.status !== CHANNEL_STATUS.enabled ? <Badge tone="neutral">{t("pricing.sync.disabled")}</Badge> : null}
          </label>
        ))}
      </fieldset>
      <div>
        <Button onClick={() => void run()} loading={fetchRatios.isPending} data-testid="sync-fetch">
          {t("pricing.sync.fetch")}
        </Button>
      </div>
      {result ? (
        <>
          <ul className="flex flex-col gap-1 text-sm" data-testid="sync-results">
            {result.test_results.map((r) => (
              <li key={r.name} className="flex flex-wrap items-center gap-2">
                <Badge tone={r.status === "success" ? "success" : "danger"}>
                  {r.status === "success" ? t("pricing.sync.source_ok") : t("pricing.sync.source_failed")}
                </Badge>
                <span className="font-medium">{r.name}</span>
                {r.error ? <span className="text-muted">{r.error}</span> : null}
              </li>
            ))}
          </ul>
          <UpstreamSyncTable differences={result.differences} section={section} />
        </>
      ) : null}
    </div>
  );
}
