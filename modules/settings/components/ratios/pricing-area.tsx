"use client";

// The three-tab model pricing area of the operation tab: JSON editors, the visual
// editor and the unset-ratio models. All three edit ONE draft of the pricing options, so a change
// in one view shows in the others; one save sends the changed keys.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { SectionCard } from "@/modules/settings/components/option-section";
import { PricingJson } from "@/modules/settings/components/ratios/pricing-json";
import { PricingVisual } from "@/modules/settings/components/ratios/pricing-visual";
import { UnsetModels } from "@/modules/settings/components/ratios/unset-models";
import { UpstreamSync } from "@/modules/settings/components/ratios/upstream-sync";
import { useSettingsSection, type SettingsSection } from "@/modules/settings/components/use-settings-section";
import { Button } from "@/components/ui/button";
import { Banner } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { PriceMap, PricingMaps } from "@/modules/pricing/client";
import { useSite } from "@/components/providers/site-context";
import { ROLE } from "@/lib/constants";

export const PRICING_KEYS = [
  "ModelPrice",
  "ModelRatio",
  "CacheRatio",
  "CompletionRatio",
  "AudioRatio",
  "AudioCompletionRatio",
] as const;
const MAP_KEYS = ["ModelPrice", "ModelRatio", "CompletionRatio"] as const;

function parseMap(text: string): PriceMap | null {
  try {
    const v: unknown = JSON.parse(text.trim() || "{}");
    return v && typeof v === "object" && !Array.isArray(v) ? (v as PriceMap) : null;
  } catch {
    return null;
  }
}

/** The drafted maps, or null while one of the JSON texts does not parse. */
export function draftMaps(section: SettingsSection): PricingMaps | null {
  const maps = {} as PricingMaps;
  for (const k of MAP_KEYS) {
    const m = parseMap(section.value(k));
    if (!m) return null;
    maps[k] = m;
  }
  return maps;
}

export function setDraftMaps(section: SettingsSection, next: PricingMaps) {
  const current = draftMaps(section);
  for (const k of MAP_KEYS) {
    if (JSON.stringify(current?.[k]) !== JSON.stringify(next[k])) section.set(k, JSON.stringify(next[k], null, 2));
  }
}

export function PricingArea() {
  const t = useTranslations("settings");
  const section = useSettingsSection(PRICING_KEYS);
  const [view, setView] = useState("json");
  const maps = draftMaps(section);
  const { user } = useSite();
  const isRoot = (user?.role ?? 0) >= ROLE.root;
  return (
    <SectionCard
      testId="settings-section-pricing"
      title={t("sections.pricing.title")}
      description={t("sections.pricing.description")}
      actions={
        <Button
          onClick={() => void section.submit()}
          loading={section.saving}
          disabled={!section.ready}
          data-testid="settings-save-pricing"
        >
          {t("save_section")}
        </Button>
      }
    >
      <Tabs value={view} onValueChange={setView}>
        <TabsList aria-label={t("sections.pricing.title")}>
          <TabsTrigger value="json" data-testid="pricing-tab-json">
            {t("pricing.tab_json")}
          </TabsTrigger>
          <TabsTrigger value="visual" data-testid="pricing-tab-visual">
            {t("pricing.tab_visual")}
          </TabsTrigger>
          <TabsTrigger value="unset" data-testid="pricing-tab-unset">
            {t("pricing.tab_unset")}
          </TabsTrigger>
          {isRoot ? (
            <TabsTrigger value="sync" data-testid="pricing-tab-sync">
              {t("pricing.tab_sync")}
            </TabsTrigger>
          ) : null}
        </TabsList>
        <TabsContent value="json">
          <PricingJson section={section} />
        </TabsContent>
        <TabsContent value="visual">
          {maps ? <PricingVisual maps={maps} onChange={(m) => setDraftMaps(section, m)} /> : <InvalidJson />}
        </TabsContent>
        <TabsContent value="unset">
          {maps ? <UnsetModels maps={maps} onChange={(m) => setDraftMaps(section, m)} /> : <InvalidJson />}
        </TabsContent>
        {isRoot ? (
          <TabsContent value="sync">
            <UpstreamSync section={section} />
          </TabsContent>
        ) : null}
      </Tabs>
    </SectionCard>
  );
}

function InvalidJson() {
  const t = useTranslations("settings");
  return (
    <Banner tone="warning" data-testid="pricing-json-broken">
      {t("pricing.json_broken")}
    </Banner>
  );
}
