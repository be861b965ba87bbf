"use client";

// Shared by /chat/{id?} and /chat2link: the link needs the user's first
// enabled token. Without one: an error and /app/tokens after 1.5 s. A configuration that gives no
// usable link: 聊天链接配置错误，请联系管理员.
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { toast } from "sonner";
import { useSite } from "@/components/providers/site-context";
import { useChatTokenKey } from "@/modules/playground/client/hooks";
import { chatServerAddress, type ChatLinkResult } from "@/modules/playground/chat/chat-link";

export const NO_TOKEN_REDIRECT_MS = 1500;

export type ChatLinkState =
  | { kind: "loading" }
  | { kind: "config_error" }
  | { kind: "no_token" }
  | { kind: "failed" }
  | { kind: "ready"; url: string };

export function useChatLink(
  hasTemplate: boolean,
  resolve: (key: string, address: string) => ChatLinkResult,
): ChatLinkState {
  const t = useTranslations("playground");
  const router = useRouter();
  const { status } = useSite();
  const key = useChatTokenKey(hasTemplate);

  let state: ChatLinkState;
  if (!hasTemplate) state = { kind: "config_error" };
  else if (key.isPending) state = { kind: "loading" };
  else if (key.isError) state = { kind: "failed" };
  else if (key.data === null) state = { kind: "no_token" };
  else {
    const address = chatServerAddress(
      status.server_address,
      typeof window === "undefined" ? "" : window.location.origin,
    );
    const r = resolve(key.data, address);
    state = r.ok ? { kind: "ready", url: r.url } : { kind: "config_error" };
  }

  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (state.kind !== "config_error" && state.kind !== "no_token") return;
    if (reported.current !== state.kind) {
      reported.current = state.kind;
      toast.error(state.kind === "config_error" ? t("chat_link_error") : t("no_enabled_token"));
    }
    if (state.kind !== "no_token") return;
    const timer = setTimeout(() => router.push("/app/tokens"), NO_TOKEN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state.kind, router, t]);

  return state;
}
