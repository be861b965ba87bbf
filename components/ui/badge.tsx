import type { HTMLAttributes } from "react";
import { cn } from "@/lib/client/cn";

export type BadgeTone = "neutral" | "success" | "lime" | "warning" | "danger" | "info";

const tones: Record<BadgeTone, string> = {
  neutral: "border-border bg-surface-muted text-muted",
  success: "border-success/40 bg-success/10 text-success",
  lime: "border-lime-500/40 bg-lime-500/10 text-lime-700 dark:text-lime-300",
  warning: "border-warning/40 bg-warning/10 text-warning",
  danger: "border-danger/40 bg-danger/10 text-danger",
  info: "border-primary/30 bg-primary/10 text-primary",
};

/** A small status tag (channel status, format, role...). */
export function Badge({
  tone = "neutral",
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded border px-1.5 py-0.5 text-xs font-medium whitespace-nowrap",
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
