"use client";

// Model ratio settings: the four pricing options as JSON text areas (validated on blur), and the
// reset to the bundled public defaults (POST /api/option/rest_model_ratio, root only: it overwrites
// every price at once) behind a confirmation; admins see a note instead of the button.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { FieldGrid } from "@/modules/settings/components/option-section";
import type { SettingsSection } from "@/modules/settings/components/use-settings-section";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { describeError } from "@/lib/client/describe-error";
import { useResetModelRatio } from "@/modules/settings/client/hooks";
import { useSite } from "@/components/providers/site-context";
import { ROLE } from "@/lib/constants";

const FIELDS = [
  { key: "ModelPrice", kind: "json", hint: true, rows: 8 },
  { key: "ModelRatio", kind: "json", hint: true, rows: 8 },
  { key: "CacheRatio", kind: "json", hint: true, rows: 8 },
  { key: "AudioRatio", kind: "json", hint: true, rows: 6 },
  { key: "AudioCompletionRatio", kind: "json", hint: true, rows: 6 },
  { key: "CompletionRatio", kind: "json", hint: true, rows: 8 },
] as const;

export function PricingJson({ section }: { section: SettingsSection }) {
  const t = useTranslations("settings");
  const te = useTranslations("errors");
  const reset = useResetModelRatio();
  const [asking, setAsking] = useState(false);
  const { user } = useSite();
  const isRoot = (user?.role ?? 0) >= ROLE.root;
  return (
    <div className="flex flex-col gap-4">
      <FieldGrid fields={FIELDS} section={section} />
      <div>
        {isRoot ? (
          <Button variant="outline" onClick={() => setAsking(true)} data-testid="pricing-reset">
            {t("pricing.reset")}
          </Button>
        ) : (
          <p className="text-xs text-muted" data-testid="pricing-reset-root-only">
            {t("pricing.reset_root_only")}
          </p>
        )}
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
