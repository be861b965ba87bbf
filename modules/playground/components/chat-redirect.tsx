"use client";

// /chat2link: resolves the chat link like /chat, then leaves the console for it.
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { ChatLinkNotice } from "@/modules/playground/components/chat-link-notice";
import { useChatLink } from "@/modules/playground/components/use-chat-link";
import { useSite } from "@/components/providers/site-context";
import { hasChat2LinkTemplate, resolveChat2Link } from "@/modules/playground/chat/chat-link";

export function ChatRedirect() {
  const t = useTranslations("playground");
  const { status } = useSite();
  const state = useChatLink(hasChat2LinkTemplate(status.chat_link, status.chats), (key, address) =>
    resolveChat2Link(status.chat_link, status.chats, key, address),
  );
  const url = state.kind === "ready" ? state.url : null;
  useEffect(() => {
    if (url) window.location.href = url;
  }, [url]);
  return <ChatLinkNotice state={state} loadingText={url ? t("chat_redirecting") : undefined} />;
}
