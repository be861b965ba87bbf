// /app/logs/tasks: asynchronous task records such as Suno music; admins see everyone's.
import { TaskLogPage, taskLogMetadata } from "@/modules/logs/components/tasks/task-log-page";

export const generateMetadata = () => taskLogMetadata("task");

export default function TaskLogsPage() {
  return <TaskLogPage kind="task" />;
}
