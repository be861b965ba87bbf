"use client";

// Filter form of both task pages: channel ID (admins only), task ID, start and end time,
// Query. Times are edited as local date-times and sent in the list's unit (ms drawings, s tasks).
import { useTranslations } from "next-intl";
import type { FormEvent } from "react";
import { FilterActions, FilterField } from "@/components/admin/filter-actions";
import { Input } from "@/components/ui/input";
import type { TaskFilters } from "@/modules/logs/client/tasks/api";
import {
  defaultTaskRange,
  localInputToEpoch,
  TIME_UNIT,
  type TaskLogKind,
} from "@/modules/logs/client/tasks/task-display";
import { toLocalInput } from "@/lib/format-time";

export type TaskDraft = { channel_id: string; task_id: string; start: string; end: string };

export function initialTaskDraft(kind: TaskLogKind): TaskDraft {
  const range = defaultTaskRange(kind);
  return { channel_id: "", task_id: "", start: toLocalInput(range.start), end: toLocalInput(range.end) };
}

export function draftToFilters({ channel_id, task_id, start, end }: TaskDraft, kind: TaskLogKind): TaskFilters {
  const unit = TIME_UNIT[kind];
  return {
    channel_id: channel_id.trim(),
    task_id: task_id.trim(),
    start_timestamp: localInputToEpoch(start, unit),
    end_timestamp: localInputToEpoch(end, unit),
  };
}

export function TaskFilterForm({
  admin,
  draft,
  onChange,
  onSubmit,
  onReset,
}: {
  admin: boolean;
  draft: TaskDraft;
  onChange: (patch: Partial<TaskDraft>) => void;
  onSubmit: () => void;
  onReset: () => void;
}) {
  const t = useTranslations("tasks");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} className="grid items-end gap-2 sm:grid-cols-2 lg:grid-cols-4" data-testid="task-filters">
      {admin ? (
        <Input
          placeholder={t("filter_channel")}
          aria-label={t("filter_channel")}
          inputMode="numeric"
          value={draft.channel_id}
          onChange={(e) => onChange({ channel_id: e.target.value })}
          data-testid="task-filter-channel"
        />
      ) : null}
      <Input
        placeholder={t("filter_task_id")}
        aria-label={t("filter_task_id")}
        value={draft.task_id}
        onChange={(e) => onChange({ task_id: e.target.value })}
        data-testid="task-filter-id"
      />
      {(["start", "end"] as const).map((edge) => (
        <FilterField key={edge} label={t(`filter_${edge}`)}>
          <Input
            type="datetime-local"
            value={draft[edge]}
            onChange={(e) => onChange({ [edge]: e.target.value })}
            data-testid={`task-filter-${edge}`}
          />
        </FilterField>
      ))}
      <FilterActions
        className="sm:col-span-2 lg:col-span-4"
        queryLabel={t("query")}
        resetLabel={t("reset")}
        onReset={onReset}
        queryTestId="task-query"
        resetTestId="task-reset"
      />
    </form>
  );
}
