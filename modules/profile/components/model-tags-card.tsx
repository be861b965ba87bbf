"use client";

// The models the caller's groups can use (GET /api/user/models), folded after 10.
// Clicking a tag copies the model name.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { MODEL_TAGS_COLLAPSED, visibleModelTags } from "@/modules/profile/client/model-tags";
import { useSelfModels } from "@/lib/client/user-self";
import { useCopy } from "@/components/use-copy";

export function ModelTags({ models }: { models: readonly string[] }) {
  const t = useTranslations("me");
  const [expanded, setExpanded] = useState(false);
  const { copy, copyDialog } = useCopy();
  const { visible } = visibleModelTags(models, expanded);
  if (models.length === 0) return <p className="text-sm text-muted">{t("models_empty")}</p>;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="me-models">
      {visible.map((model) => (
        <button
          key={model}
          type="button"
          data-testid="me-model-tag"
          onClick={() => void copy(model, t("model_copied", { model }))}
          className="max-w-full truncate rounded border border-border bg-surface-muted px-2 py-0.5 font-mono text-xs hover:border-primary/40 hover:text-primary"
        >
          {model}
        </button>
      ))}
      {models.length > MODEL_TAGS_COLLAPSED ? (
        <Button
          variant="ghost"
          size="sm"
          data-testid="me-models-toggle"
          aria-expanded={expanded}
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? t("models_collapse") : t("models_show_all", { count: models.length })}
        </Button>
      ) : null}
      {copyDialog}
    </div>
  );
}

export function ModelTagsCard() {
  const t = useTranslations("me");
  const models = useSelfModels();
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5" data-testid="me-models-card">
      <div>
        <h2 className="font-semibold">{t("models_title")}</h2>
        <p className="text-sm text-muted">{t("models_description")}</p>
      </div>
      {models.data ? (
        <ModelTags models={models.data} />
      ) : models.isError ? (
        <p className="text-sm text-danger">{t("models_load_failed")}</p>
      ) : (
        <div className="h-6 w-2/3 animate-pulse rounded bg-surface-muted" />
      )}
    </Card>
  );
}
