"use client";

// The playground's conversation: settings draft, messages, the one reply being streamed, and their
// copy in localStorage. Rendered client-only (see playground-loader.tsx), so the stored chat can be
// read while the state is created instead of in an effect after a first empty render.
import { useCallback, useEffect, useRef, useState } from "react";
import { getStoredValue, setStoredValue } from "@/lib/client/storage";
import { streamChatWithReconnect } from "@/modules/playground/client/stream-reconnect";
import {
  applyStreamEvent,
  buildChatRequest,
  DEFAULT_SETTINGS,
  initialMessages,
  newMessage,
  type ChatMessage,
  type ChatSettings,
} from "@/modules/playground/chat/chat-state";
import { parseStoredPlayground, PLAYGROUND_STORAGE_KEY, serializePlayground } from "@/modules/playground/chat/stored-chat";

type Initial = { settings: ChatSettings; messages: ChatMessage[]; invalid: boolean };

function readInitial(greeting: string, reply: string): Initial {
  const stored = parseStoredPlayground(getStoredValue(PLAYGROUND_STORAGE_KEY));
  if (stored.kind === "ok") return { ...stored.value, invalid: false };
  return { settings: DEFAULT_SETTINGS, messages: initialMessages(greeting, reply), invalid: stored.kind === "invalid" };
}

export function usePlaygroundChat({
  greeting,
  reply,
  onInvalidStoredData,
  onUnauthorized,
}: {
  greeting: string;
  reply: string;
  onInvalidStoredData: () => void;
  onUnauthorized: () => void;
}) {
  const [initial] = useState(() => readInitial(greeting, reply));
  const [settings, setSettings] = useState(initial.settings);
  const [messages, setMessages] = useState(initial.messages);
  const [streamingId, setStreamingId] = useState<string | null>(null);
  /** The attempt being waited for while a broken stream reconnects, else 0. */
  const [reconnecting, setReconnecting] = useState(0);
  const abortRef = useRef<AbortController | null>(null);

  // Reported once; the fresh chat then overwrites the unreadable copy below.
  const reported = useRef(false);
  useEffect(() => {
    if (initial.invalid && !reported.current) {
      reported.current = true;
      onInvalidStoredData();
    }
  }, [initial.invalid, onInvalidStoredData]);

  // Saved when no reply is streaming: a write per chunk would serialise the whole chat every time.
  useEffect(() => {
    if (streamingId !== null) return;
    setStoredValue(PLAYGROUND_STORAGE_KEY, serializePlayground({ settings, messages }));
  }, [settings, messages, streamingId]);

  useEffect(() => () => abortRef.current?.abort(), []);

  const send = useCallback(
    async (text: string, effective: ChatSettings) => {
      const content = text.trim();
      if (!content || abortRef.current) return false;
      const userMessage = newMessage("user", content, "complete");
      const replyMessage = newMessage("assistant", "", "loading");
      const history = [...messages, userMessage];
      setMessages([...history, replyMessage]);
      setStreamingId(replyMessage.id);
      const controller = new AbortController();
      abortRef.current = controller;
      try {
        await streamChatWithReconnect(buildChatRequest(effective, history), {
          signal: controller.signal,
          onUnauthorized,
          reconnect: { enabled: effective.streamReconnect },
          onEvent: (event) => {
            setReconnecting(event.type === "reconnecting" ? event.attempt : 0);
            setMessages((list) => list.map((m) => (m.id === replyMessage.id ? applyStreamEvent(m, event) : m)));
          },
        });
      } finally {
        abortRef.current = null;
        setStreamingId(null);
        setReconnecting(0);
      }
      return true;
    },
    [messages, onUnauthorized],
  );

  const stop = useCallback(() => abortRef.current?.abort(), []);

  const clear = useCallback(() => {
    abortRef.current?.abort();
    setMessages([]);
  }, []);

  return { settings, setSettings, messages, streamingId, reconnecting, send, stop, clear };
}
