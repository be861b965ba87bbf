// /chat and /chat/{id}: the Chats option entry {id} (default the first) embedded full height; guarded
// (signed-in users only). The side navigation is hidden on these paths.
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ChatFrame } from "@/modules/playground/components/chat-frame";
import { requirePageUser } from "@/lib/page-guard";
import { parseChatIndex } from "@/modules/playground/chat/chat-link";
import { getStatus } from "@/lib/server/site-status";
import { chatEntries } from "@/components/layout/nav-items";

type Props = { params: Promise<{ id?: string[] }> };

async function entryName(params: Props["params"]): Promise<string> {
  const index = parseChatIndex((await params).id);
  const status = await getStatus();
  return chatEntries(status.chats).find((c) => c.index === index)?.name ?? "";
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations("playground");
  return { title: (await entryName(params)) || t("chat_title") };
}

export default async function ChatPage({ params }: Props) {
  await requirePageUser("/chat");
  const { id } = await params;
  return <ChatFrame index={parseChatIndex(id)} title={await entryName(params)} />;
}
