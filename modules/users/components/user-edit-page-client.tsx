"use client";

import { ArrowLeft } from "lucide-react";
import { AppLink } from "@/components/ui/app-link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { DrawerPlaceholder } from "@/components/admin/entity-drawer";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EditUserForm } from "@/modules/users/components/edit-user-form";
import { useUser } from "@/modules/users/client/hooks";

export function UserEditPageClient({ id }: { id: number }) {
  const t = useTranslations("users");
  const router = useRouter();
  const user = useUser(id);
  return (
    <div className="flex flex-col gap-4">
      <div>
        <Button asChild variant="ghost" size="sm">
          <AppLink href="/admin/users" data-testid="edit-user-back">
            <ArrowLeft className="h-4 w-4" />
            {t("back_to_list")}
          </AppLink>
        </Button>
      </div>
      <Card className="p-4 sm:p-6">
        {user.data ? (
          <EditUserForm user={user.data} onDone={() => router.push("/admin/users")} />
        ) : (
          <DrawerPlaceholder
            error={user.isError ? user.error.message || t("load_failed") : undefined}
            data-testid="edit-user-error"
          />
        )}
      </Card>
    </div>
  );
}
