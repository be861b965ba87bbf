// Server shell of /app/logs/drawing and /app/logs/tasks: title, description, the client list.
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/layout/page-container";
import { TaskLogsClient } from "@/modules/logs/components/tasks/task-logs-client";
import type { TaskLogKind } from "@/modules/logs/client/tasks/task-display";

export async function taskLogMetadata(kind: TaskLogKind): Promise<Metadata> {
  const t = await getTranslations("tasks");
  return { title: t(`${kind}_title`) };
}

export async function TaskLogPage({ kind }: { kind: TaskLogKind }) {
  const t = await getTranslations("tasks");
  return (
    <>
      <PageHeader title={t(`${kind}_title`)} description={t(`${kind}_description`)} />
      <TaskLogsClient kind={kind} />
    </>
  );
}
