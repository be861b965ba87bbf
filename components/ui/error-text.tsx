import type { ReactNode } from "react";
import { cn } from "@/lib/client/cn";

/** An error line announced to screen readers; renders nothing while there is no error. */
export function ErrorText({
  children,
  size = "sm",
  className,
  "data-testid": testId,
}: {
  children?: ReactNode;
  size?: "xs" | "sm";
  className?: string;
  "data-testid"?: string;
}) {
  if (!children) return null;
  return (
    <p
      role="alert"
      className={cn(size === "xs" ? "text-xs" : "text-sm", "text-danger", className)}
      data-testid={testId}
    >
      {children}
    </p>
  );
}
