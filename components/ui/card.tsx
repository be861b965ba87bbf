import type { HTMLAttributes } from "react";
import { cn } from "@/lib/client/cn";

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("rounded-lg border border-border bg-surface p-6 shadow-sm", className)} {...props} />;
}

export function Banner({
  tone = "info",
  className,
  ...props
}: HTMLAttributes<HTMLDivElement> & { tone?: "info" | "warning" | "danger" }) {
  const tones = {
    info: "border-primary/30 bg-primary/5",
    warning: "border-warning/40 bg-warning/10",
    danger: "border-danger/40 bg-danger/10",
  };
  return <div role="note" className={cn("rounded-md border px-4 py-3 text-sm", tones[tone], className)} {...props} />;
}
