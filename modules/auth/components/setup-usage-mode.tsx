"use client";

// The usage-mode part of the setup wizard: three radio options plus a help dialog explaining them.
import { CircleHelp } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogTrigger } from "@/components/ui/dialog";
import { RadioGroup, RadioItem } from "@/components/ui/radio-group";

export const USAGE_MODES = ["external", "self", "demo"] as const;
export type UsageMode = (typeof USAGE_MODES)[number];

const LABEL = { external: "mode_external", self: "mode_self", demo: "mode_demo" } as const;
const DESCRIPTION = { external: "mode_external_desc", self: "mode_self_desc", demo: "mode_demo_desc" } as const;
const HELP = { external: "mode_help_external", self: "mode_help_self", demo: "mode_help_demo" } as const;

/** The option flags POST /api/setup expects for a mode. */
export function usageModeFlags(mode: UsageMode) {
  return { SelfUseModeEnabled: mode === "self", DemoSiteEnabled: mode === "demo" };
}

export function SetupUsageMode({ value, onChange }: { value: UsageMode; onChange: (mode: UsageMode) => void }) {
  const t = useTranslations("auth.setup");
  const tCommon = useTranslations("common");
  return (
    <section aria-labelledby="setup-mode-heading" className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="setup-mode-heading" className="text-sm font-semibold">
          {t("mode_section")}
        </h2>
        <Dialog>
          <DialogTrigger asChild>
            <Button type="button" variant="ghost" size="sm" className="text-muted" data-testid="setup-mode-help">
              <CircleHelp className="h-4 w-4" aria-hidden />
              {t("mode_help")}
            </Button>
          </DialogTrigger>
          <DialogContent title={t("mode_help")} closeLabel={tCommon("close")}>
            <dl className="space-y-4">
              {USAGE_MODES.map((mode) => (
                <div key={mode} className="space-y-1">
                  <dt className="text-sm font-semibold">{t(LABEL[mode])}</dt>
                  <dd className="text-sm leading-relaxed text-muted">{t(HELP[mode])}</dd>
                </div>
              ))}
            </dl>
          </DialogContent>
        </Dialog>
      </div>
      <RadioGroup
        value={value}
        onValueChange={(v) => onChange(v as UsageMode)}
        aria-labelledby="setup-mode-heading"
        className="grid gap-2 sm:grid-cols-3"
      >
        {USAGE_MODES.map((mode) => (
          <RadioItem
            key={mode}
            id={`setup-mode-${mode}`}
            value={mode}
            label={t(LABEL[mode])}
            description={t(DESCRIPTION[mode])}
          />
        ))}
      </RadioGroup>
      <p className="text-xs text-muted">{t("mode_changeable")}</p>
    </section>
  );
}
