// /admin/messages: send, search, edit and delete inbox messages (spec 1 §2 Admin messages).
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AdminMessagesPanel } from "@/modules/messages/components/admin/admin-messages-panel";
import { PageHeader } from "@/components/layout/page-container";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin_messages");
  return { title: t("title") };
}

export default async function AdminMessagesPage() {
  const t = await getTranslations("admin_messages");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <AdminMessagesPanel />
    </>
  );
}
