"use client";

// The model list of the test dialog: status, time and message per model, and a test button.
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { ModelTestResult } from "@/modules/channels/client/model-test-runner";

export function ModelTestTable({
  models,
  results,
  testing,
  disabled,
  onTest,
}: {
  models: string[];
  results: Record<string, ModelTestResult>;
  testing: Set<string>;
  disabled: boolean;
  onTest: (model: string) => void;
}) {
  const t = useTranslations("channels");
  return (
    <div className="max-h-[50vh] overflow-auto rounded-md border border-border">
      <table className="w-full min-w-[560px] text-sm" data-testid="model-test-table">
        <thead className="sticky top-0 bg-surface-muted text-left text-xs text-muted">
          <tr>
            <th className="px-3 py-2 font-medium">{t("col_model")}</th>
            <th className="px-3 py-2 font-medium">{t("col_status")}</th>
            <th className="px-3 py-2 font-medium">{t("col_time")}</th>
            <th className="px-3 py-2 font-medium">{t("col_message")}</th>
            <th className="px-3 py-2" />
          </tr>
        </thead>
        <tbody>
          {models.map((m) => {
            const r = results[m];
            const state = testing.has(m) ? "testing" : r ? (r.success ? "success" : "failed") : "untested";
            return (
              <tr
                key={m}
                className="border-t border-border"
                data-testid="model-test-row"
                data-model={m}
                data-state={state}
              >
                <td className="px-3 py-2 font-mono text-xs break-all">{m}</td>
                <td className="px-3 py-2">
                  <Badge
                    tone={
                      state === "success"
                        ? "success"
                        : state === "failed"
                          ? "danger"
                          : state === "testing"
                            ? "info"
                            : "neutral"
                    }
                  >
                    {t(`test_state_${state}`)}
                  </Badge>
                </td>
                <td className="px-3 py-2 whitespace-nowrap">
                  {r?.success ? t("seconds", { value: r.time.toFixed(2) }) : ""}
                </td>
                <td className="max-w-64 px-3 py-2 text-xs break-words text-danger">
                  {r && !r.success ? r.message : ""}
                </td>
                <td className="px-3 py-2 text-right">
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={disabled}
                    onClick={() => onTest(m)}
                    data-testid="model-test-one"
                  >
                    {t("test")}
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
