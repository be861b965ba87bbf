"use client";

import * as Radio from "@radix-ui/react-radio-group";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/client/cn";

export const RadioGroup = ({ className, ...props }: ComponentProps<typeof Radio.Root>) => (
  <Radio.Root className={cn("flex flex-col gap-2", className)} {...props} />
);

export function RadioItem({
  id,
  value,
  label,
  description,
}: {
  id: string;
  value: string;
  label: ReactNode;
  description?: ReactNode;
}) {
  return (
    <label
      htmlFor={id}
      className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 hover:bg-surface-muted"
    >
      <Radio.Item
        id={id}
        value={value}
        className="mt-0.5 flex h-4 w-4 shrink-0 items-center justify-center rounded-full border border-border bg-surface focus-visible:ring-2 focus-visible:ring-ring data-[state=checked]:border-primary"
      >
        <Radio.Indicator className="h-2 w-2 rounded-full bg-primary" />
      </Radio.Item>
      <span className="flex flex-col">
        <span className="text-sm font-medium">{label}</span>
        {description ? <span className="text-xs text-muted">{description}</span> : null}
      </span>
    </label>
  );
}
