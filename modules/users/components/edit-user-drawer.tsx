"use client";

// The edit-user side panel (right) of /admin/users; the same form is the /user/edit/{id} page.
import { useTranslations } from "next-intl";
import { DrawerPlaceholder, EntityDrawer } from "@/components/admin/entity-drawer";
import { EditUserForm } from "@/modules/users/components/edit-user-form";
import { useUser } from "@/modules/users/client/hooks";

export function EditUserDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const t = useTranslations("users");
  const user = useUser(id);
  return (
    <EntityDrawer open={id !== null} side="right" title={t("edit_user")} onClose={onClose}>
      {user.data && user.data.id === id ? (
        <EditUserForm key={id} user={user.data} onDone={onClose} />
      ) : (
        <DrawerPlaceholder
          error={user.isError ? user.error.message || t("load_failed") : undefined}
          data-testid="edit-user-error"
        />
      )}
    </EntityDrawer>
  );
}
