// /admin/users: user administration (spec 1 §2 "Manage users"); the admin layout guards it.
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/layout/page-container";
import { UsersPageClient } from "@/modules/accounts/components/users/users-page-client";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("users");
  return { title: t("title") };
}

export default async function AdminUsersPage() {
  const t = await getTranslations("users");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <UsersPageClient />
    </>
  );
}
