"use client";

// Model ratio settings: the four pricing options as JSON text areas (validated on blur), and the
// reset to the bundled public defaults (POST /api/option/rest_model_ratio) behind a confirmation.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { FieldGrid } from "@/components/settings/option-section";
import type { SettingsSection } from "@/components/settings/use-settings-section";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { describeError } from "@/lib/client/describe-error";
import { useResetModelRatio } from "@/lib/client/settings/hooks";

const FIELDS = [
  { key: "ModelPrice", kind: "json", hint: true, rows: 8 },
  { key: "ModelRatio", kind: "json", hint: true, rows: 8 },
  { key: "CacheRatio", kind: "json", hint: true, rows: 8 },
  { key: "CompletionRatio", kind: "json", hint: true, rows: 8 },
] as const;

export function PricingJson({ section }: { section: SettingsSection }) {
  const t = useTranslations("settings");
  const te = useTranslations("errors");
  const reset = useResetModelRatio();
  const [asking, setAsking] = useState(false);
  return (
    <div className="flex flex-col gap-4">
      <FieldGrid fields={FIELDS} section={section} />
      <div>
        <Button variant="outline" onClick={() => setAsking(true)} data-testid="pricing-reset">
          {t("pricing.reset")}
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t("pricing.reset")}
        description={t("pricing.reset_confirm")}
        danger
        loading={reset.isPending}
        data-testid="pricing-reset-dialog"
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: () => {
              setAsking(false);
              toast.success(t("pricing.reset_done"));
            },
            onError: (err) => toast.error(t("pricing.reset_failed"), { description: describeError(err, te) }),
          })
        }
      />
    </div>
  );
}
