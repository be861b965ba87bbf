"use client";

// The side panel every admin entity shares (spec: create drawers open on the left, edit drawers on
// the right), with its loading and load-failed states, so each entity only supplies its form.
import { useTranslations } from "next-intl";
import { Fragment, type ReactNode } from "react";
import { Dialog, DrawerContent } from "@/components/ui/dialog";

export type EntityDrawerState = { mode: "create" } | { mode: "edit"; id: number } | null;

export function EntityDrawer({
  open,
  side,
  title,
  onClose,
  className,
  children,
}: {
  open: boolean;
  side: "left" | "right";
  title: ReactNode;
  onClose: () => void;
  className?: string;
  children: ReactNode;
}) {
  const tc = useTranslations("common");
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DrawerContent side={side} title={title} closeLabel={tc("close")} className={className}>
        {children}
      </DrawerContent>
    </Dialog>
  );
}

/** What a drawer shows until its entity is loaded: the error when the read failed, else "loading". */
export function DrawerPlaceholder({ error, "data-testid": testId }: { error?: ReactNode; "data-testid"?: string }) {
  const tc = useTranslations("common");
  return error ? (
    <p className="py-10 text-center text-danger" data-testid={testId}>
      {error}
    </p>
  ) : (
    <p className="py-10 text-center text-muted">{tc("loading")}</p>
  );
}

/**
 * A create/edit drawer: left for create, right for edit, the form mounted once the edited entity is
 * `ready` and keyed by the entity, so a background refetch never resets what the admin is typing.
 */
export function CrudDrawer({
  state,
  onClose,
  titles,
  ready,
  error,
  errorTestId,
  className,
  children,
}: {
  state: EntityDrawerState;
  onClose: () => void;
  titles: { create: ReactNode; edit: ReactNode };
  ready: boolean;
  error?: ReactNode;
  errorTestId?: string;
  className?: string;
  children: (mode: "create" | "edit", editId: number | null) => ReactNode;
}) {
  const editId = state?.mode === "edit" ? state.id : null;
  return (
    <EntityDrawer
      open={state !== null}
      side={state?.mode === "edit" ? "right" : "left"}
      title={state?.mode === "edit" ? titles.edit : titles.create}
      onClose={onClose}
      className={className}
    >
      {state && (state.mode === "create" || ready) ? (
        <Fragment key={state.mode === "edit" ? `edit-${state.id}` : "create"}>{children(state.mode, editId)}</Fragment>
      ) : (
        <DrawerPlaceholder error={error} data-testid={errorTestId} />
      )}
    </EntityDrawer>
  );
}
