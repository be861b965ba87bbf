// /chat2link: opens the configured chat app with the user's token; guarded.
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ChatRedirect } from "@/modules/playground/components/chat-redirect";
import { requirePageUser } from "@/lib/page-guard";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("playground");
  return { title: t("chat_title") };
}

export default async function Chat2LinkPage() {
  await requirePageUser("/chat2link");
  return <ChatRedirect />;
}
