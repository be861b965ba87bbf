"use client";

// The edit-user side panel (right) of /admin/users; the same form is the /user/edit/{id} page.
import { useTranslations } from "next-intl";
import { Dialog, DrawerContent } from "@/components/ui/dialog";
import { EditUserForm } from "@/modules/accounts/components/users/edit-user-form";
import { useUser } from "@/modules/accounts/client/users/hooks";

export function EditUserDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const t = useTranslations("users");
  const tc = useTranslations("common");
  const user = useUser(id);
  return (
    <Dialog open={id !== null} onOpenChange={(o) => !o && onClose()}>
      <DrawerContent side="right" title={t("edit_user")} closeLabel={tc("close")}>
        {user.data && user.data.id === id ? (
          <EditUserForm key={id} user={user.data} onDone={onClose} />
        ) : user.isError ? (
          <p className="py-10 text-center text-danger" data-testid="edit-user-error">
            {user.error.message || t("load_failed")}
          </p>
        ) : (
          <p className="py-10 text-center text-muted">{tc("loading")}</p>
        )}
      </DrawerContent>
    </Dialog>
  );
}
