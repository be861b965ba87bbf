"use client";

// /chat/{id?}: the Chats entry `index` in a full-height frame, signed in with the user's token.
import { useTranslations } from "next-intl";
import { ChatLinkNotice } from "@/modules/playground/components/chat-link-notice";
import { useChatLink } from "@/modules/playground/components/use-chat-link";
import { useSite } from "@/components/providers/site-context";
import { hasChatTemplate, resolveChatLink } from "@/modules/playground/chat/chat-link";

export function ChatFrame({ index, title }: { index: number | null; title: string }) {
  const t = useTranslations("playground");
  const { status } = useSite();
  const state = useChatLink(hasChatTemplate(status.chats, index), (key, address) =>
    resolveChatLink(status.chats, index, key, address),
  );
  if (state.kind !== "ready") return <ChatLinkNotice state={state} />;
  return (
    <iframe
      src={state.url}
      title={title || t("chat_title")}
      className="block h-[calc(100dvh-3.5rem)] w-full border-0"
      allow="clipboard-read; clipboard-write; microphone"
      data-testid="chat-iframe"
    />
  );
}
