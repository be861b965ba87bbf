"use client";

// The side panel every admin entity shares (create drawers open on the left, edit drawers on
// the right), with its loading and load-failed states, so each entity only supplies its form.
import { useTranslations } from "next-intl";
import { Fragment, type ReactNode } from "react";
import { Dialog, DrawerContent } from "@/components/ui/dialog";

export type EntityDrawerState = { mode: "create" } | { mode: "edit"; id: number } | null;

/** What a create/edit drawer hands its form. */
export type EntityFormProps<V> = {
  mode: "create" | "edit";
  editId: number | null;
  /** The edited entity as form values, or the empty form when creating. */
  initial: V;
  onDone: () => void;
};

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
 * `values` turns the loaded entity into the form's starting values (`empty` when creating).
 */
export function CrudDrawer<E, V>({
  state,
  onClose,
  titles,
  ready,
  values,
  error,
  errorTestId,
  className,
  children,
}: {
  state: EntityDrawerState;
  onClose: () => void;
  titles: { create: ReactNode; edit: ReactNode };
  ready: boolean;
  values: { entity: E | undefined; toForm: (entity: E) => V; empty: () => V };
  error?: ReactNode;
  errorTestId?: string;
  className?: string;
  children: (form: EntityFormProps<V>) => ReactNode;
}) {
  const editId = state?.mode === "edit" ? state.id : null;
  const initial = () =>
    state?.mode === "edit" && values.entity !== undefined ? values.toForm(values.entity) : values.empty();
  return (
    <EntityDrawer
      open={state !== null}
      side={state?.mode === "edit" ? "right" : "left"}
      title={state?.mode === "edit" ? titles.edit : titles.create}
      onClose={onClose}
      className={className}
    >
      {state && (state.mode === "create" || ready) ? (
        <Fragment key={state.mode === "edit" ? `edit-${state.id}` : "create"}>
          {children({ mode: state.mode, editId, initial: initial(), onDone: onClose })}
        </Fragment>
      ) : (
        <DrawerPlaceholder error={error} data-testid={errorTestId} />
      )}
    </EntityDrawer>
  );
}
