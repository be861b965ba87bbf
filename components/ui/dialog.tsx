"use client";

import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/client/cn";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export function DialogContent({
  title,
  description,
  children,
  footer,
  className,
  closeLabel,
}: {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  className?: string;
  closeLabel: string;
}) {
  return (
    <Layer
      className={cn(
        "fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-lg border border-border bg-surface p-6 shadow-xl",
        className,
      )}
    >
      <TitleBar title={title} closeLabel={closeLabel} className="flex items-start justify-between gap-4" />
      {description ? (
        <DialogPrimitive.Description className="text-sm text-muted">{description}</DialogPrimitive.Description>
      ) : null}
      {children}
      {footer ? <div className="flex justify-end gap-2">{footer}</div> : null}
    </Layer>
  );
}

/** A side panel (create drawers open on the left, edit drawers on the right). */
export function DrawerContent({
  title,
  side = "right",
  children,
  footer,
  closeLabel,
  className,
}: {
  title: ReactNode;
  side?: "left" | "right";
  children?: ReactNode;
  footer?: ReactNode;
  closeLabel: string;
  className?: string;
}) {
  return (
    <Layer
      className={cn(
        "fixed top-0 z-50 flex h-full w-full max-w-xl flex-col border-border bg-surface shadow-xl",
        side === "left" ? "left-0 border-r" : "right-0 border-l",
        className,
      )}
    >
      <TitleBar
        title={title}
        closeLabel={closeLabel}
        className="flex items-center justify-between border-b border-border px-6 py-4"
      />
      <div className="flex-1 overflow-y-auto px-6 py-4">{children}</div>
      {footer ? <div className="flex justify-end gap-2 border-t border-border px-6 py-4">{footer}</div> : null}
    </Layer>
  );
}

/** The title with the close (×) button beside it, shared by dialogs and drawers. */
function TitleBar({ title, closeLabel, className }: { title: ReactNode; closeLabel: string; className: string }) {
  return (
    <div className={className}>
      <DialogPrimitive.Title className="text-lg font-semibold">{title}</DialogPrimitive.Title>
      <DialogPrimitive.Close className="rounded p-1 text-muted hover:bg-surface-muted" aria-label={closeLabel}>
        <X className="h-4 w-4" />
      </DialogPrimitive.Close>
    </div>
  );
}

/** The dimmed overlay and the panel above it, in a portal. */
function Layer({ className, children }: { className: string; children: ReactNode }) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40" />
      <DialogPrimitive.Content className={className}>{children}</DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
