// /user/edit without an id: any signed-in user edits their own account (spec 1 §2; new-api's
// EditUser without an id), through PUT /api/user/self.
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/layout/page-container";
import { SelfEditPageClient } from "@/modules/accounts/components/users/self-edit-page-client";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("users");
  return { title: t("edit_self") };
}

export default async function EditSelfPage() {
  const t = await getTranslations("users");
  return (
    <>
      <PageHeader title={t("edit_self")} description={t("edit_self_description")} />
      <SelfEditPageClient />
    </>
  );
}
