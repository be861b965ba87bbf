// /app/inbox: the user's messages (spec 1 §2 Inbox).
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { InboxList } from "@/modules/messages/components/inbox/inbox-list";
import { PageHeader } from "@/components/layout/page-container";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin_messages.inbox");
  return { title: t("title") };
}

export default async function InboxPage() {
  const t = await getTranslations("admin_messages.inbox");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <InboxList />
    </>
  );
}
