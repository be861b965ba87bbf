// /user/edit/{id}: the edit-user form as a page (same rules as the panel of /admin/users).
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { titleMetadata } from "@/components/layout/headed-page";
import { PageHeader } from "@/components/layout/page-container";
import { UserEditPageClient } from "@/modules/users/components/user-edit-page-client";

export const generateMetadata = titleMetadata("users.edit_user");

export default async function UserEditPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const userId = Number(id);
  if (!Number.isInteger(userId) || userId <= 0) notFound();
  const t = await getTranslations("users");
  return (
    <>
      <PageHeader title={t("edit_user")} description={t("edit_user_description", { id: userId })} />
      <UserEditPageClient id={userId} />
    </>
  );
}
