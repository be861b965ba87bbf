"use client";

// One mutation per WeChat/Telegram call. Failures are toasted by the global MutationCache handler;
// a bind re-reads the own account so /app/me shows the new binding.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { selfKeys } from "@/lib/client/user-self";
import { telegramBind, telegramLogin, weChatBind, weChatLogin } from "@/modules/auth/client/im-auth/api";

export function useWeChatLogin() {
  return useMutation({ mutationFn: weChatLogin });
}

export function useTelegramLogin() {
  return useMutation({ mutationFn: telegramLogin });
}

export function useWeChatBind() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: weChatBind,
    onSuccess: () => client.invalidateQueries({ queryKey: selfKeys.self() }),
  });
}

export function useTelegramBind() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: telegramBind,
    onSuccess: () => client.invalidateQueries({ queryKey: selfKeys.self() }),
  });
}
