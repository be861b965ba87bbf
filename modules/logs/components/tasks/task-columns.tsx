"use client";

// Columns of the drawing-log and task-log tables. Both share the time, progress,
// channel (admins only), task id, status and failure-reason columns; drawings add the Midjourney
// ones (action, submit result, image, prompt, prompt_en), tasks the platform.
import { useTranslations } from "next-intl";
import {
  ChannelCell,
  DurationCell,
  EnumCell,
  ProgressCell,
  StatusCell,
  TextCell,
  TimeCell,
} from "@/modules/logs/components/tasks/task-cells";
import type { DetailDialog } from "@/modules/logs/components/tasks/detail-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { Column } from "@/components/ui/data-table";
import type { DrawingItem, TaskItem } from "@/modules/logs/client/tasks/api";
import {
  CODE_TONE,
  formatRecord,
  resultUrlOf,
  safeImageUrl,
  type TimeUnit,
} from "@/modules/logs/client/tasks/task-display";

export type TaskColumnContext = {
  admin: boolean;
  copyChannel: (id: number) => void;
  details: Pick<DetailDialog, "showText" | "showImage">;
};

type CommonRow = {
  submit_time: number;
  finish_time: number;
  progress: string;
  status: string;
  fail_reason: string;
  channel_id?: number;
};

/** The columns both tables share, keyed by id so each table picks its order. */
function useCommonColumns<T extends CommonRow>(ctx: TaskColumnContext, unit: TimeUnit, taskIdOf: (row: T) => string) {
  const t = useTranslations("tasks");
  const { showText } = ctx.details;
  return {
    submit_time: {
      id: "submit_time",
      header: t("col_submit_time"),
      cell: (r: T) => <TimeCell value={r.submit_time} unit={unit} />,
    },
    finish_time: {
      id: "finish_time",
      header: t("col_finish_time"),
      cell: (r: T) => <TimeCell value={r.finish_time} unit={unit} />,
    },
    progress: { id: "progress", header: t("col_progress"), cell: (r: T) => <ProgressCell progress={r.progress} /> },
    duration: {
      id: "duration",
      header: t("col_duration"),
      cell: (r: T) => <DurationCell submit={r.submit_time} finish={r.finish_time} unit={unit} />,
    },
    channel: {
      id: "channel",
      header: t("col_channel"),
      cell: (r: T) => <ChannelCell id={r.channel_id} onCopy={ctx.copyChannel} />,
    },
    task_id: {
      id: "task_id",
      header: t("col_task_id"),
      cell: (r: T) => (
        <TextCell
          text={taskIdOf(r)}
          tone="mono"
          onShow={() => showText(t("details_title"), formatRecord(r), "task-details-text")}
          testId="task-id-link"
        />
      ),
    },
    status: { id: "status", header: t("col_status"), cell: (r: T) => <StatusCell status={r.status} /> },
    fail_reason: {
      id: "fail_reason",
      header: t("col_fail_reason"),
      cell: (r: T) => (
        <TextCell
          text={r.fail_reason}
          tone="danger"
          empty={t("none")}
          onShow={() => showText(t("col_fail_reason"), r.fail_reason, "task-fail-text")}
          testId="task-fail-reason"
        />
      ),
    },
  } satisfies Record<string, Column<T>>;
}

/** The columns both tables open with: submit and finish time, progress, time spent, channel. */
const leading = <T,>(c: Record<"submit_time" | "finish_time" | "progress" | "duration" | "channel", Column<T>>) => [
  c.submit_time,
  c.finish_time,
  c.progress,
  c.duration,
  c.channel,
];

const adminOnly = <T,>(admin: boolean, columns: Column<T>[]) =>
  admin ? columns : columns.filter((c) => c.id !== "channel");

export function useDrawingColumns(ctx: TaskColumnContext): Column<DrawingItem>[] {
  const t = useTranslations("tasks");
  const c = useCommonColumns<DrawingItem>(ctx, "ms", (r) => r.mj_id);
  const { showText, showImage } = ctx.details;
  const prompt = (id: "prompt" | "prompt_en"): Column<DrawingItem> => ({
    id,
    header: t(`col_${id}`),
    cell: (r) => (
      <TextCell text={r[id]} onShow={() => showText(t(`col_${id}`), r[id], "task-prompt-text")} testId={`task-${id}`} />
    ),
  });
  return adminOnly(ctx.admin, [
    ...leading(c),
    { id: "action", header: t("col_type"), cell: (r) => <EnumCell prefix="action" value={r.action} /> },
    c.task_id,
    {
      id: "code",
      header: t("col_code"),
      cell: (r) => (
        <Badge tone={CODE_TONE[r.code] ?? "neutral"}>
          {r.code in CODE_TONE ? t(`code_${r.code as 0}`) : t("code_unknown")}
        </Badge>
      ),
    },
    c.status,
    {
      id: "image",
      header: t("col_image"),
      cell: (r) => {
        const url = safeImageUrl(r.image_url);
        if (!url) return <span className="text-muted">{t("none")}</span>;
        return (
          <Button variant="outline" size="sm" onClick={() => showImage(t("image_title"), url)} data-testid="task-image">
            {t("view_image")}
          </Button>
        );
      },
    },
    prompt("prompt"),
    prompt("prompt_en"),
    c.fail_reason,
  ]);
}

export function useTaskRecordColumns(ctx: TaskColumnContext): Column<TaskItem>[] {
  const t = useTranslations("tasks");
  const c = useCommonColumns<TaskItem>(ctx, "s", (r) => r.task_id);
  return adminOnly(ctx.admin, [
    ...leading(c),
    { id: "platform", header: t("col_platform"), cell: (r) => <EnumCell prefix="platform" value={r.platform} /> },
    { id: "action", header: t("col_type"), cell: (r) => <EnumCell prefix="action" value={r.action} /> },
    c.task_id,
    c.status,
    {
      // A video task's result: its content through this gateway (data.result_url), opened in a new tab.
      id: "result",
      header: t("col_result"),
      cell: (r) => {
        const url = resultUrlOf(r.data);
        if (!url) return <span className="text-muted">{t("none")}</span>;
        return (
          <a href={url} target="_blank" rel="noreferrer noopener" className="underline" data-testid="task-result">
            {t("open_result")}
          </a>
        );
      },
    },
    c.fail_reason,
  ]);
}
