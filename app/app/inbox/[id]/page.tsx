// /app/inbox/{id}: one message; opening it marks it read.
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { InboxMessageView } from "@/modules/messages/components/inbox/inbox-message-view";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin_messages.inbox");
  return { title: t("title") };
}

export default async function InboxMessagePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // the client view treats anything but a positive integer as a missing message
  return <InboxMessageView id={/^\d{1,9}$/.test(id) ? Number(id) : 0} />;
}
