// /app/logs/drawing: Midjourney drawing tasks; admins see everyone's.
import { TaskLogPage, taskLogMetadata } from "@/modules/logs/components/tasks/task-log-page";

export const generateMetadata = () => taskLogMetadata("drawing");

export default function DrawingLogsPage() {
  return <TaskLogPage kind="drawing" />;
}
